// A layer a section adds without a toggle row (an 'เพิ่มชั้นข้อมูล' button, a switch, 'CVI
// Process'), kept in the URL as a row (issue 24 defect 5): the page publishes which row added it,
// and shown from a link it keeps the link's view and tells the restore how it went.
import type { TemplateBase } from '../../layers/types.ts';
import { showLayer, type ActionContext, type ShowResult } from '../topic/actions/layerActions.ts';
import { setRowLayer } from './pageState.ts';
import { rowDone } from './restore.ts';

interface RowLayerOptions {
  /** Shown by a restore (a link, Back/Forward) rather than a click. */
  fromLink: boolean;
  extraVars?: Readonly<Record<string, string>>;
}

export async function showRowLayer(template: TemplateBase, ctx: ActionContext, rowId: string, options: RowLayerOptions): Promise<ShowResult> {
  try {
    const result = await showLayer(template, ctx, {
      ...(options.extraVars ? { extraVars: options.extraVars } : {}),
      ...(options.fromLink ? { fit: false } : {}),
      onAdded: (id) => setRowLayer(ctx.pageKey, id, rowId),
    });
    if (options.fromLink) rowDone(rowId);
    return result;
  } catch (error) {
    if (options.fromLink) rowDone(rowId, `rows: ${rowId}`);
    throw error;
  }
}

/** A row that cannot be shown from the link (its validation fails): skipped and said. */
export function skipRow(rowId: string): void {
  rowDone(rowId, `rows: ${rowId}`);
}
