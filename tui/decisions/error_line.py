"""A dialog's error line (#d-error): why a choice is refused, said under the choices. It
leaves when the cursor moves to another choice, or when what it was about changes (the
cards of a payment), so that it never stands under a choice it does not concern."""

from __future__ import annotations

from textual.widgets import OptionList, SelectionList, Static


class ErrorLine:
    """Mixin for dialogs with a #d-error line."""

    _error_at: tuple[str, int | None] | None = None  # the cursor when the error was said

    def say_error(self, markup: str) -> None:
        self.query_one("#d-error", Static).update(markup)  # type: ignore[attr-defined]
        self._error_at = self._cursor()

    def clear_error(self) -> None:
        self._error_at = None
        self.query_one("#d-error", Static).update("")  # type: ignore[attr-defined]

    def _cursor(self) -> tuple[str, int | None]:
        """The focused list and its highlighted row ("" and None: no list focused)."""
        w = self.focused  # type: ignore[attr-defined]
        if isinstance(w, OptionList):  # a SelectionList is one too
            return (w.id or "", w.highlighted)
        return ("", None)

    def _cursor_moved(self) -> None:
        if self._error_at is not None and self._cursor() != self._error_at:
            self.clear_error()

    def _on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self._cursor_moved()

    def _on_selection_list_selection_highlighted(
            self, _event: SelectionList.SelectionHighlighted[object]) -> None:
        self._cursor_moved()
