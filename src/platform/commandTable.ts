/** How features register command handlers: into the table that activation's command shells call (features.ts). */
import type * as vscode from 'vscode';
import type { Command } from './ids';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (...args: any[]) => unknown;

/** Registers the handler of a command declared in package.json; disposing it removes the handler. */
export type Register = (id: Command, handler: Handler) => vscode.Disposable;
