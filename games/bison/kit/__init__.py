"""The printed kit's data, shared by printgen (which draws it) and the photo reader (which
reads it back): ``tile_art`` and ``art_data`` (a tile's printed geometry; ``art_build``
rebuilds ``art_data``), ``markers`` (which AprilTag id each printed thing carries) and
``tag36h11`` (the tags' bits). No rule lives here."""
