/** antd-mobile style values set through its documented CSS variables. */
import type { CSSProperties } from 'react';

/** Fields are drawn as filled boxes (.tm-input), so the list's rules between rows go. */
export const FORM_STYLE = {
  '--border-top': 'none',
  '--border-bottom': 'none',
  '--border-inner': 'none',
} as CSSProperties;

/** Rows use the same 12px side margin as the form's footer button, so edges line up. */
export const ITEM_STYLE = { '--padding-left': '12px', '--padding-right': '12px' } as CSSProperties;
