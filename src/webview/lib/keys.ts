/**
 * Select-all in a text field stays the page's. VS Code's webview frame forwards every key press to the workbench
 * (`did-keydown`, on the page's window), which answers Ctrl/Cmd+A by selecting all again, with
 * `execCommand('selectAll')`, a round trip later: a key typed meanwhile was then selected and replaced by the next one
 * (Ctrl+A then "2.345" at an ordinary pace gave ".345"). The browser's own select-all is all a field needs, so in a
 * field the key press goes no further than the page.
 */
export function keepSelectAllInFields(doc: Document): void {
  doc.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'a') return;
    // Inside a UI kit field the event is retargeted to its host: the path starts at the real input.
    const target = e.composedPath()[0];
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) e.stopPropagation();
  });
}
