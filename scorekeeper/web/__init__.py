"""The web layer: what the blueprints' pages share, below every blueprint (none of these
modules imports one; tests/architecture/test_layering_blueprints.py).

- :mod:`.session`: the phone's memory in its signed session cookie (match tokens, group keys,
  what it opened);
- :mod:`.lookups`: the match, group or variant an address names, or a 404 page;
- :mod:`.forms`: the form helpers, and a refusal of the rules said in a card player's words;
- :mod:`.new_match`: the new-match form (the match pages' and a group's);
- :mod:`.imports`: the import page (the match pages' and a group's);
- :mod:`.files`: a match's CSV and JSON exports as downloads (the match pages' and the API's);
- :mod:`.qr`: the QR codes of the sharing pages;
- :mod:`.charts`: the running-totals and ratings charts, as inline SVG;
- :mod:`.page`: what the pages show beside the numbers (the templates' helpers);
- :mod:`.json_errors`: the API's HTTP errors as JSON (for the app's handler of HTTP errors);
- :mod:`.contract`: the names the pages and their scripts agree on, declared once;
- :mod:`.template_globals`: every global and filter of the templates, registered in one place.
"""
