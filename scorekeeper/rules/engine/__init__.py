"""The phone's engine (docs/phone.md): what runs in the phone's Web Worker under Pyodide, the
server's answers to a match's requests (:mod:`.answers`) and the words the page says of the
hands counted on the phone (:mod:`.words`)."""
