"""The import page: a new match from a JSON export (the work is
:mod:`scorekeeper.export_import`'s). One form and one handler for both of its addresses: the
match pages' ``/import`` and a group's ``/g/<public_id>/import``, which imports in one
transaction with the match's place in the group."""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from .. import export_import, service
from ..i18n import rule_message
from ..rules import RuleError
from .session import open_to_score


class ImportForm(FlaskForm):
    """An exported match: the file, or its text pasted."""

    upload = FileField(_l("Export file (.json)"))
    pasted = TextAreaField(_l("or paste its text"))


def import_page(template: str, into: service.GroupPlace | None = None, **context: Any) -> Any:
    """The import page (``template``, given ``context``) and its POST: every hand of the file
    is replayed by the rules and the match stored (in the group ``into``, when one is given,
    in the same transaction); this phone scores the new match. A refusal is said under the
    pasted text (422); :class:`~scorekeeper.service.Unauthorized` (a group's key that stopped
    working) is the caller's."""
    form = ImportForm()
    status = 200
    if form.validate_on_submit():
        upload = form.upload.data
        text: str | bytes = upload.read() if upload else (form.pasted.data or "")
        if not text or not text.strip():
            form.pasted.errors = [_("Choose an exported file or paste its text.")]
        else:
            try:
                document = export_import.read_document(text)
                match, token = export_import.import_match(document, group=into)
            except RuleError as error:
                reason = rule_message(error)
                if error.path not in ("_", ""):
                    reason = f"{error.path}: {reason}"
                form.pasted.errors = [_("Not imported: %(reason)s", reason=reason)]
            else:
                return open_to_score(match.public_id, token)
        status = 422
    elif request.method == "POST":
        status = 422
    return render_template(template, form=form, **context), status
