"""The forms: the registry (:mod:`.registry`, found by API id; it looks only in this folder),
what a form's table looks like to the pages (:mod:`.table`), what a form asks at a club table
(:mod:`.club_form`), the lenient replay and the earlier releases' meanings, and one package per
family: ``pinochle/``, ``auction/``, ``pinnacola/``."""
