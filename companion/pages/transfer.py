"""Moving a table between servers: its export as a JSON download and the import page
that turns such a file back into a table (the format is companion.tables')."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from flask import Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import security, tables
from companion.i18n import rule_error_message
from companion.pages.base import bp, remember_recent
from companion.uploads import upload_limit
from games.errors import N_, RuleError


@bp.get("/t/<table_id>/export")
@security.limiter.limit(security.export_limit)
def export(table_id: str) -> ResponseReturnValue:
    """The table as a JSON download. Refused (409) while the game still hides something
    (a herd, a carried newspaper's address): the export holds every event as stored, so
    it would show every secret; redacting it instead would make a file that no longer
    imports into the same table. Offered again once the game is over."""
    if tables.get(table_id).has_secrets():
        return render_template(
            "error.html",
            code=409,
            message=_(
                "This table still hides cards from some players; it can be exported "
                "when the game is over."
            ),
        ), 409
    document = tables.export(table_id)
    body = tables.export_text(document)
    day = datetime.now(UTC).strftime("%Y%m%d")
    return Response(
        body,
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="campfire-{document["game"]}-{day}.json"',
        },
    )


@bp.route("/import", methods=["GET", "POST"])
@security.limiter.limit(security.create_limit, methods=["POST"])
# The export of any table at the event limit; every other request MAX_CONTENT_LENGTH.
@upload_limit(tables.import_bytes)
def import_table() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("import.html", error=None)
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise RuleError(N_("Choose an exported table file (.json)."))
        try:
            # utf-8-sig: a file an editor saved with a byte order mark reads the same.
            # An event of an export sits 3 levels down (the file, its events, the line).
            document = tables.loads(upload.read().decode("utf-8-sig"), tables.MAX_DEPTH + 3)
        except UnicodeDecodeError:
            raise RuleError(N_("The file is not UTF-8 text; choose a .json export.")) from None
        except RuleError:  # nested too deep: the refusal names the depth
            raise
        except json.JSONDecodeError as error:
            raise RuleError(
                N_("The file is not valid JSON (line {line}, column {column})."),
                line=error.lineno,
                column=error.colno,
            ) from None
        except ValueError:  # NaN/Infinity or nested past the parser: no export has them
            raise RuleError(
                N_('this is not a Campfire table export ("format" must be {name!r})'),
                name=tables.EXPORT_FORMAT,
            ) from None
        table = tables.import_table(document)
    except RuleError as error:
        return render_template("import.html", error=rule_error_message(error)), 422
    remember_recent(table.id)
    return redirect(url_for("web.table", table_id=table.id), code=303)
