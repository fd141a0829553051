# A jump to itself: MARS counts its fetch once, however often it runs.
.text
self: j self
