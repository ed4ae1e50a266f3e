"""The military phase: naval movement and sea battles, ground movement (by land or along a
chain of triremes), the opponent to fight, the losses, the conquest, the Greek blockade.

The engine's military rules are being written: every dialog here is built from the
prompt and `legal_actions`, so it works as soon as the engine lists the actions, and
every choice goes through the engine before it is made.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from engine import actions as A
from engine import prompts as P
from engine.data import board
from engine.render import area as area_short
from engine.render import card as card_name
from engine.render import (
    card_text,
    civ_words,
    count,
    only_powers_text,
    unit_text,
    units_text,
    window_text,
)
from engine.render_battle import choice_text
from engine.state import Unit

from ..news import battle_so_far
from ..text import civ_markup, esc
from ..widgets.choice import ChoiceList
from ..widgets.marks import MarkList
from .base import UNDO, ActionMenu, DecisionScreen, Entry, Undo


class NavalDecision(ActionMenu[P.NavalTurn]):
    SHOW_PREVIEW = True
    BINDINGS = [Binding("e", "end", "End naval", id="military.end")]

    def intro_markup(self) -> str:
        mine = [u for u in self.state.units if u.owner == self.civ and u.kind == "trireme"]
        where = ", ".join(sorted({area_short(u.area) for u in mine if u.area})) or "none"
        only = only_powers_text(self.quotes.pass_reason,
                                [a.card for a in self.legal_of(A.UsePower)])
        if only:  # nothing to move: the step is asked for its powers only
            return f"[b]{esc(only)}[/]"
        return ("Move your triremes one sea at a time, or attack another player's ships "
                f"where you share a sea.\n[dim]Your triremes:[/] {esc(where)}")

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        moves = self.legal_of(A.MoveTrireme)
        by_unit: dict[int, list[A.MoveTrireme]] = {}
        for a in moves:
            by_unit.setdefault(a.unit, []).append(a)
        for unit, acts in by_unit.items():
            out.append(Entry(f"[b]{esc(unit_text(self.state, unit))}[/]", None))
            out += [Entry(f"  to {esc(area_short(a.to))}", a, area=a.to) for a in acts]
        battles = self.legal_of(A.NavalBattle)
        if battles:
            out.append(Entry("[b]Sea battles[/]", None))
            out += [Entry(f"Attack {civ_markup(a.opponent)} in {esc(area_short(a.sea))}", a,
                          area=a.sea) for a in battles]
        out += self.power_entries()
        out.append(Entry("[b]End naval movement[/]", A.EndNaval()))
        return out

    def action_end(self) -> None:
        self.submit(A.EndNaval())


class GroundDecision(ActionMenu[P.GroundTurn]):
    """Ground moves by destination: the units alike of one place that may go somewhere
    together are one line, whose count ← and → change (the engine lists a move for each
    count; the line shows the one chosen)."""

    SHOW_PREVIEW = True
    BINDINGS = [
        Binding("right,plus", "count(1)", "Count", key_display="←→",
                id="military.count-more"),
        Binding("left,minus", "count(-1)", "Fewer", show=False, id="military.count-fewer"),
        Binding("m", "compose_move", "Units…", id="military.compose-move"),  # units of several places
        Binding("e", "end", "End turn", id="military.end"),
    ]

    def intro_markup(self) -> str:
        return ("Move legions and creatures by land, or carried by a chain of your triremes; "
                "where you meet another player's units there is a battle.\n"
                "[dim]← → how many go; m moves several units together.[/]")

    def entries(self) -> list[Entry]:
        # entry index -> the moves of its line, fewest units first, and the one shown
        self._counts: dict[int, list[A.Move]] = {}
        self._shown: dict[int, int] = {}
        out: list[Entry] = []
        by_origin: dict[str, dict[tuple[str, tuple[str, ...], tuple[int, ...]], list[A.Move]]] = {}
        seen: set[tuple[tuple[int, ...], str, tuple[str, ...]]] = set()
        units = {u.id: u for u in self.state.units}
        alike = self.quotes.alike
        for a in self.legal_of(A.Move):
            us = [units[i] for i in a.units if i in units]
            origin = " and ".join(dict.fromkeys(u.area for u in us)) or "?"
            # the engine says which units are alike: show each kind of move once
            like = tuple(sorted(alike.get(i, i) for i in a.units))
            key = (like, a.to, tuple(a.seas))
            if key in seen:
                continue
            seen.add(key)
            # one line per destination and kinds of unit; its moves differ by their count
            line = (a.to, tuple(a.seas), tuple(sorted(set(like))))
            by_origin.setdefault(origin, {}).setdefault(line, []).append(a)
        for origin, lines in by_origin.items():
            names = " and ".join(area_short(o) for o in origin.split(" and "))
            out.append(Entry(f"[b]From {esc(names)}[/]", None))
            for moves in lines.values():
                moves.sort(key=lambda m: len(m.units))
                if len({len(m.units) for m in moves}) != len(moves):  # not by count alone
                    out += [Entry(esc(self.describe(m)), m, area=m.to) for m in moves]
                    continue
                i = len(out)
                if len(moves) > 1:
                    self._counts[i] = moves
                    self._shown[i] = 0
                out.append(Entry(self._move_label(moves, 0), moves[0], area=moves[0].to))
        others = [a for a in self.legal if not isinstance(a, (A.Move, A.EndMilitary))]
        if others:
            out.append(Entry("[b]Other[/]", None))
            out += [Entry(esc(self.describe(a)), a, area=area_of_other(a)) for a in others]
        out.append(Entry("[b]End your military turn[/]", A.EndMilitary()))
        return out

    def _move_label(self, moves: list[A.Move], k: int) -> str:
        """ "To Corsica: 3 legions (3 of 4 ← →)": the heading names where they come from."""
        m = moves[k]
        via = f" by {', '.join(area_short(sea) for sea in m.seas)}" if m.seas else ""
        text = esc(f"To {area_short(m.to)}{via}: {units_text(self.state, m.units)}")
        if len(moves) == 1:
            return text
        return f"{text}  [dim]({len(m.units)} of {len(moves[-1].units)} ← →)[/]"

    def action_count(self, delta: int) -> None:
        """One unit more or fewer on the highlighted line (a move of the engine's)."""
        ol = self.query_one("#choices", OptionList)
        if ol.highlighted is None:
            return
        e = self._entry(ol.get_option_at_index(ol.highlighted))
        i = next((j for j, x in enumerate(self._entries) if x is e), -1)
        moves = self._counts.get(i)
        if e is None or moves is None:
            return
        k = min(max(self._shown[i] + delta, 0), len(moves) - 1)
        if k == self._shown[i]:
            return
        self._shown[i] = k
        e.action = moves[k]
        ol.replace_option_prompt_at_index(ol.highlighted, self._move_label(moves, k))

    def action_end(self) -> None:
        self.submit(A.EndMilitary())

    def action_compose_move(self) -> None:
        def done(move: A.Move | Undo | None) -> None:
            if isinstance(move, Undo):
                self.dismiss(UNDO)
            elif move is not None:
                self.submit(move)
        self.app.push_screen(MoveComposer(self), callback=done)


def area_of_other(a: A.Action) -> str | None:
    """The area an action is about, to show on the map (a power's target if it is one)."""
    target = getattr(a, "target", "")
    if target in board.PROVINCES or target in board.SEAS:
        return target
    return getattr(a, "to", None) or getattr(a, "sea", None) or None


class MoveComposer(DecisionScreen[P.GroundTurn]):
    """Choose several units (space), then where they go (Enter); the engine finds the
    trireme chain, and says why when the move is not allowed."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Next list", id="military.focus-next"),
        Binding("escape", "back", "Back", id="military.back"),
        Binding("b", "back", "Back", show=False, id="military.back-b"),
    ]

    def __init__(self, parent: GroundDecision) -> None:
        super().__init__(parent.session, parent.seat, prompt=parent.prompt,
                         legal=parent.legal)

    def intro_markup(self) -> str:
        return "Mark the units that move together (space), then choose where they go."

    def my_units(self) -> list[Unit]:
        # the units the engine lets move now (a Kraken at sea among them)
        movable = {i for a in self.legal_of(A.Move) for i in a.units}
        return [u for u in self.state.units if u.id in movable]

    def destinations(self) -> list[str]:
        dests = list(dict.fromkeys(a.to for a in self.legal_of(A.Move)))
        return dests or sorted(board.PROVINCES)

    def body(self) -> ComposeResult:
        units = self.my_units()
        yield Static("[b]Units[/]")
        yield MarkList(*[Selection(f"{u.kind} #{u.id} in {area_short(u.area)}", u.id)
                         for u in units], id="move-units")
        yield Static("[b]To[/]")
        yield ChoiceList(*[Option(esc(board.area_name(d)), id=d) for d in self.destinations()],
                         id="move-to")

    def on_mount(self) -> None:
        self.query_one(MarkList).focus()

    def action_confirm(self) -> None:
        self.query_one("#move-to", ChoiceList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "move-to":
            return
        units = list(self.query_one(MarkList).selected)
        if not units:
            self.show_error("[b $error]Mark at least one unit first (space).[/]")
            return
        self.submit(A.Move(units=units, to=event.option.id or ""))

    def action_back(self) -> None:
        self.dismiss(None)


class OpponentDecision(ActionMenu[P.ChooseOpponent]):
    def intro_markup(self) -> str:
        return (f"Several players have units in [b]{esc(area_short(self.prompt.area))}[/]: "
                "choose whom you fight first.")

    def entries(self) -> list[Entry]:
        out = []
        for a in self.legal_of(A.Fight):
            n = sum(1 for u in self.state.units
                    if u.area == self.prompt.area and u.owner == a.opponent)
            out.append(Entry(f"Fight {civ_markup(a.opponent)} [dim]({count(n, 'unit')})[/]", a))
        return out


class LossesDecision(DecisionScreen[P.ChooseLosses]):
    """Mark exactly `count` of your units to remove (the dice that cost them are shown
    above the list: `battle_markup`)."""

    def intro_markup(self) -> str:
        p = self.prompt
        return (f"The dice cost you [b]{count(p.count, 'unit')}[/] in "
                f"[b]{esc(area_short(p.area))}[/]: mark them with space, then Enter.")

    def body(self) -> ComposeResult:
        sels = [Selection(esc(unit_text(self.state, u)), u) for u in self.prompt.units]
        yield MarkList(*sels, id="loss-units")
        yield Static("", id="loss-count")

    def on_mount(self) -> None:
        self.query_one(MarkList).focus()
        self._count()

    def on_selection_list_selected_changed(
            self, event: SelectionList.SelectedChanged[int]) -> None:
        self._count()

    def _count(self) -> None:
        n = len(self.query_one(MarkList).selected)
        self.query_one("#loss-count", Static).update(
            f"Marked [b]{n}[/] of {self.prompt.count}")

    def action_confirm(self) -> None:
        # the engine judges the choice (and says why when it is not allowed)
        self.submit(A.TakeLosses(units=list(self.query_one(MarkList).selected)))


class ConquestDecision(ActionMenu[P.ChooseConquest]):
    SHOW_PREVIEW = True

    def intro_markup(self) -> str:
        return (f"Only your ground units remain in [b]{esc(area_short(self.prompt.province))}"
                "[/]: sack a building, occupy buildings, or begin to convert the province.")

    def entries(self) -> list[Entry]:
        out = super().entries()
        for e in out:
            if e.action is not None:
                e.area = self.prompt.province
        return out


class BlockadeDecision(ActionMenu[P.GreekBlockade]):
    BINDINGS = [Binding("l", "let_pass", "Let it pass", id="military.let-pass")]
    PASS_TEXT = "Let it pass"

    def intro_markup(self) -> str:
        p = self.prompt
        seas = ", ".join(area_short(s) for s in p.seas)
        return (f"{civ_markup(p.attacker)} carries units by sea ({esc(seas)}) toward "
                f"[b]{esc(area_short(p.to))}[/]: attack the convoy's triremes, or let it pass.")

    def action_let_pass(self) -> None:
        self.submit_first(A.Pass, missing="Letting it pass is not offered here.")


class ReactionDecision(ActionMenu[P.Reaction]):
    BINDINGS = [Binding("n", "not_now", "Not now", id="military.not-now")]
    PASS_TEXT = "Not now"

    def intro_markup(self) -> str:
        detail = civ_words(getattr(self.prompt, "detail", ""))
        lines = [f"[b]{esc(detail)}[/]" if detail else
                 f"You may use a power {esc(window_text(self.prompt.window))}:"]
        for p in self.prompt.powers:
            lines.append(f"  [b]{esc(card_name(p))}[/]: {esc(card_text(p))}")
        if self.state.military.battle is not None and self.quotes.battle is None:
            # a battle before its dice: who fights whom (the dice come in `battle_markup`)
            lines += [f"[dim]{esc(line)}[/]" for line in battle_so_far(self.session.events)]
        return "\n".join(lines)

    def describe(self, action: A.Action) -> str:
        """A power that changes a total says what it makes of the battle (the engine's
        quote of it)."""
        q = self.quotes.battle if self.state.military.battle is not None else None
        if q is not None:
            for c in q.choices:
                if c.action == action:
                    return choice_text(c, q, self.civ)
        return super().describe(action)

    def action_not_now(self) -> None:
        self.submit_first(A.Pass, missing="This power must be answered.")
