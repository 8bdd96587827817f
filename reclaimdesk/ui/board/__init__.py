"""What the three game tables share: the fit-to-window board view, the page and
controller plumbing (autosave, record, undo/redo by replay, the AI worker), the
end screen's frame, the new-game dialog's frame and the highlight items."""
