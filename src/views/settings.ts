/** Settings read by the views. */
import * as vscode from 'vscode';
import { clampLimit } from '../core/indexer/paging';

/** Items per page (`initia.pageSize`, 1–1000, default 50). */
export function pageSize(): number {
  return clampLimit(vscode.workspace.getConfiguration('initia').get<number>('pageSize', 50));
}

/** Denoms listed in the Rich List view (`initia.richList.denoms`), trimmed, without duplicates. */
export function richListDenoms(): string[] {
  const raw = vscode.workspace.getConfiguration('initia').get<unknown>('richList.denoms', []);
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.filter((d): d is string => typeof d === 'string').map((d) => d.trim()).filter(Boolean))];
}
