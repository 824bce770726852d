/** The tree views' shell at activation: a provider that makes the real one (in the features) on first use. */
import vscode = require('vscode');

/** A tree provider that creates the real one on first use and forwards its change events. */
export class LazyTree implements vscode.TreeDataProvider<unknown> {
  private readonly emitter = new vscode.EventEmitter<unknown>();
  readonly onDidChangeTreeData = this.emitter.event;
  private target: vscode.TreeDataProvider<unknown> | undefined;

  constructor(private readonly resolve: () => vscode.TreeDataProvider<unknown>) {}

  private get impl(): vscode.TreeDataProvider<unknown> {
    if (!this.target) {
      this.target = this.resolve();
      this.target.onDidChangeTreeData?.((e) => this.emitter.fire(e));
    }
    return this.target;
  }

  getTreeItem(element: unknown) {
    return this.impl.getTreeItem(element);
  }
  getChildren(element?: unknown) {
    return this.impl.getChildren(element);
  }
  getParent(element: unknown) {
    return this.impl.getParent?.(element);
  }
}
