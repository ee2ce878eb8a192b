"""What the API and the pages say, pure: the request bodies' reading (:mod:`.bodies`), the
writes' decisions (:mod:`.writes`), the match and hand JSON (:mod:`.wire`), plain words of a
refusal (:mod:`.plain`) and the preview's result line (:mod:`.result`). The server and the
phone's engine both answer with these (docs/api.md)."""
