/**
 * "Open source" of Explain's call trace: the workspace's Solidity file at the line a frame stopped at, beside the
 * panel, the range selected and scrolled into view, sideways too (only files of the open folders: the artifacts'
 * sources are read nowhere else).
 */
import vscode = require('vscode');
import type { TraceView } from './protocol';

/** A source line of the call trace (the view names it by number). */
export type SourceLine = TraceView['sources'][number];

/** Opens the file at the line, the range selected; undefined when the file is not in an open folder. */
export async function showSourceLine(source: SourceLine): Promise<vscode.TextEditor | undefined> {
  const uri = vscode.Uri.parse(source.uri, true);
  if (!vscode.workspace.getWorkspaceFolder(uri)) return undefined;
  const editor = await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  // A range over several lines (a whole statement block) is shown by its first line.
  const start = editor.document.validatePosition(new vscode.Position(source.line - 1, source.column));
  const end =
    source.endLine > source.line
      ? editor.document.lineAt(start.line).range.end
      : editor.document.validatePosition(new vscode.Position(source.endLine - 1, source.endColumn));
  // The cursor at the start of the range; the whole range on its line revealed, which scrolls a narrow editor
  // sideways to the statement (revealing its start alone left the statement beyond the right edge).
  editor.selection = new vscode.Selection(end, start);
  editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}

/**
 * Opens a place in the workspace's Move sources (an abort's declaration or site; 0-based line) beside the panel, its
 * line's code selected, the cursor at its start; undefined when the file is not in an open folder.
 */
export async function showMovePlace(place: { uri: string; line: number }): Promise<vscode.TextEditor | undefined> {
  const uri = vscode.Uri.parse(place.uri, true);
  if (!vscode.workspace.getWorkspaceFolder(uri)) return undefined;
  const editor = await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  const line = editor.document.lineAt(Math.min(Math.max(place.line, 0), editor.document.lineCount - 1));
  const start = line.range.start.translate(0, line.firstNonWhitespaceCharacterIndex);
  editor.selection = new vscode.Selection(line.range.end, start);
  editor.revealRange(line.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
