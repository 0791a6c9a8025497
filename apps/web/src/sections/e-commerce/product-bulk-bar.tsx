import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product, ProductBulkAction } from '@bo/contract/products';
import { PRODUCT_CATEGORIES } from '@bo/contract/products-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { notifyWithUndo } from '../../lib/notify-undo';
import { translateError } from '../../locales/form-errors';
import { useBulkProductsMutation } from './ecommerce-api';

type Props = {
  selected: readonly string[];
  /** The rows on screen: what publish or hide changes, so that undo puts back only those. */
  rows: readonly Product[];
  /** After an answer: the refused stay chosen (empty when every product changed). */
  onDone: (refused: string[]) => void;
};

/**
 * The product list's bulk bar: publish, hide, move to a category, delete. One request for all
 * (`POST /api/products/bulk`), after a confirmation naming the count; the outcome in a snackbar,
 * the refused named with why; publish and hide can be undone from the snackbar.
 */
export function ProductBulkBar({ selected, rows, onDone }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<ProductBulkAction | null>(null);
  const [category, setCategory] = useState<string>('');
  const [run, { isLoading }] = useBulkProductsMutation();
  const count = selected.length;

  const apply = async (action: ProductBulkAction) => {
    const ids = [...selected];
    // Those that will really change: undo turns back only these.
    const before = new Map(rows.map((r) => [r.id, r.published]));
    try {
      const answer = await run({
        ids,
        action,
        ...(action === 'category' ? { category } : {}),
      }).unwrap();
      setAsking(null);
      onDone(answer.refused.map((r) => r.id));
      const done = t(`ecommerce.list.bulk.done.${action}`, {
        count: answer.changed.length,
        category: category ? t(`ecommerce.category.${category}`) : '',
      });
      const flipped = answer.changed.filter((id) => before.get(id) === (action === 'hide'));
      if (answer.changed.length && (action === 'publish' || action === 'hide') && flipped.length)
        notifyWithUndo(done, t('ecommerce.list.bulk.undo'), () => {
          run({ ids: flipped, action: action === 'publish' ? 'hide' : 'publish' })
            .unwrap()
            .then(
              () => notify.info(t('ecommerce.list.bulk.undone', { count: flipped.length })),
              (e: unknown) => notify.error(translateError(t, e)),
            );
        });
      else if (answer.changed.length) notify(done);
      if (answer.refused.length)
        notify.error(
          t('ecommerce.list.bulk.refused', {
            count: answer.refused.length,
            names: answer.refused
              .map(
                (r) =>
                  `${r.name ?? r.id} (${t(`ecommerce.list.bulk.why.${r.code}`, { defaultValue: r.message })})`,
              )
              .join(', '),
          }),
        );
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  return (
    <>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ px: 2.5, pb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="products-bulk-bar"
      >
        <Typography variant="subtitle2" component="p" role="status" sx={{ mr: 1 }}>
          {t('ecommerce.list.bulk.selected', { count })}
        </Typography>
        <Button variant="outlined" onClick={() => setAsking('publish')}>
          {t('ecommerce.list.bulk.publish')}
        </Button>
        <Button variant="outlined" onClick={() => setAsking('hide')}>
          {t('ecommerce.list.bulk.hide')}
        </Button>
        <Button variant="outlined" onClick={() => setAsking('category')}>
          {t('ecommerce.list.bulk.category')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setAsking('delete')}>
          {t('ecommerce.list.deleteSelected', { count })}
        </Button>
        <Button color="inherit" onClick={() => onDone([])}>
          {t('ecommerce.orders.bulk.clear')}
        </Button>
      </Stack>
      <Dialog
        open={asking !== null}
        onClose={isLoading ? undefined : () => setAsking(null)}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>{asking && t(`ecommerce.list.bulk.title.${asking}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: asking === 'category' ? 2 : 0 }}>
            {asking === 'delete'
              ? t('ecommerce.list.confirmMany', { count })
              : asking && t(`ecommerce.list.bulk.confirm.${asking}`, { count })}
          </DialogContentText>
          {asking === 'category' && (
            <TextField
              select
              fullWidth
              autoFocus
              label={t('ecommerce.list.bulk.categoryLabel')}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
            >
              {PRODUCT_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`ecommerce.category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            color="inherit"
            variant="outlined"
            onClick={() => setAsking(null)}
            disabled={isLoading}
          >
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={asking === 'delete' ? 'error' : 'primary'}
            loading={isLoading}
            disabled={asking === 'category' && !category}
            onClick={() => asking && void apply(asking)}
            data-testid="products-bulk-confirm"
          >
            {asking && t(`ecommerce.list.bulk.${asking === 'delete' ? 'deleteNow' : asking}`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
