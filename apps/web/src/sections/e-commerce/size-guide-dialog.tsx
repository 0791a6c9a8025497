import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRODUCT_SIZES, SIZE_GUIDE } from '@bo/contract/products-constants';
import { useTranslation } from 'react-i18next';

import { FORMAT_LOCALES } from '../../lib/format';

/**
 * The size guide of the product page: each of the shop's sizes in US, UK and EU numbers with the
 * foot length it fits; the sizes this product comes in are bold, the chosen one is marked.
 */
export default function SizeGuideDialog({
  open,
  onClose,
  sizes,
  chosen,
}: {
  open: boolean;
  onClose: () => void;
  sizes: readonly string[];
  chosen: string;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(FORMAT_LOCALES[i18n.language] ?? 'en-US', {
    maximumFractionDigits: 1,
  });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('ecommerce.product.sizeGuide')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('ecommerce.product.sizeGuideHint')}
        </Typography>
        <Table size="small" aria-label={t('ecommerce.product.sizeGuide')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ecommerce.product.sizeUs')}</TableCell>
              <TableCell align="right">{t('ecommerce.product.sizeUk')}</TableCell>
              <TableCell align="right">{t('ecommerce.product.sizeEu')}</TableCell>
              <TableCell align="right">{t('ecommerce.product.footLength')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {PRODUCT_SIZES.map((size) => {
              const row = SIZE_GUIDE[size];
              const offered = sizes.includes(size);
              return (
                <TableRow
                  key={size}
                  selected={size === chosen}
                  aria-current={size === chosen ? 'true' : undefined}
                  sx={{ '& td': { fontWeight: offered ? 600 : 400 } }}
                >
                  <TableCell>{number.format(Number(size))}</TableCell>
                  <TableCell align="right">{number.format(row.uk)}</TableCell>
                  <TableCell align="right">{number.format(row.eu)}</TableCell>
                  <TableCell align="right">{number.format(row.cm)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
