"""The one error the step resolver raises: bad input, naming the field."""
from __future__ import annotations


class ResolveError(ValueError):
    """A request field the resolver cannot use; str() reads "field: message"."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def to_dict(self) -> dict:
        """Plain dict for the web layer's JSON error envelope."""
        return {"field": self.field, "message": self.message}
