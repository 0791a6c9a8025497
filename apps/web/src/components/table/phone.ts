/** A table cell a phone leaves out: the row folds what matters of it into the cells that stay. */
export const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
