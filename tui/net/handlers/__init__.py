"""What the game server answers to each message of a client that said hello, one module
per concern: the lobby (`lobby`), tables and seats (`seats`), chat (`chat`), clocks and
votes (`clocks`), accounts, invites, settings and where a key is told while away
(`accounts`), and what the server tells players away (`away`). `dispatch` holds the one
table from a message to its answer and the guards every answer shares (who may send it,
the table it names, the seat it names, whether the sender sits there)."""
