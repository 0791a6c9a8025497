import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import type { Product } from '@bo/contract/products';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { Label } from '../../components/label/label';
import { paths } from '../../routes/paths';
import { useAppSelector } from '../../store/hooks';
import { useFormat } from './format';

/** What a product without a picture shows: a named placeholder, not an empty grey box. */
export function NoPicture({ size = 48 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      role="img"
      aria-label={t('ecommerce.product.noPicture')}
      data-testid="product-no-picture"
      sx={{
        width: 1,
        height: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'text.secondary',
        bgcolor: 'action.hover',
      }}
    >
      <ImageOutlined sx={{ fontSize: size }} />
      {size >= 40 && (
        // The grey of the box under secondary text falls short of 4.5:1 in light mode.
        <Typography variant="caption" color="text.primary" aria-hidden>
          {t('ecommerce.product.noPicture')}
        </Typography>
      )}
    </Box>
  );
}

/** Colour dots; the name of a colour is its hex value, read out for screen readers. */
export function ColorDots({ colors, max = 4 }: { colors: string[]; max?: number }) {
  const shown = colors.slice(0, max);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {shown.map((color, index) => (
        <Box
          key={color}
          role="img"
          aria-label={color}
          sx={{
            width: 14,
            height: 14,
            borderRadius: '50%',
            bgcolor: color,
            border: (theme) => `2px solid ${theme.palette.background.paper}`,
            boxShadow: 'inset -1px 1px 2px rgba(0,0,0,0.24)',
            ml: index === 0 ? 0 : -0.75,
          }}
        />
      ))}
      {colors.length > max && (
        <Typography variant="caption" sx={{ ml: 0.5 }}>{`+${colors.length - max}`}</Typography>
      )}
    </Box>
  );
}

export function InventoryLabel({ product }: { product: Pick<Product, 'inventoryType'> }) {
  const { t } = useTranslation();
  const color =
    product.inventoryType === 'in_stock'
      ? 'success'
      : product.inventoryType === 'low_stock'
        ? 'warning'
        : 'error';
  return (
    <Label color={color} variant="soft">
      {t(`ecommerce.inventory.${product.inventoryType}`)}
    </Label>
  );
}

export function Price({
  product,
  variant = 'subtitle1',
}: {
  product: Pick<Product, 'price' | 'priceSale'>;
  variant?: 'subtitle1' | 'h4';
}) {
  const f = useFormat();
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline', typography: variant }}>
      {product.priceSale !== null && (
        <Box component="del" sx={{ color: 'text.disabled' }}>
          {f.money(product.price)}
        </Box>
      )}
      <span>{f.money(product.priceSale ?? product.price)}</span>
    </Box>
  );
}

/** The cart badge floating over the shop and product pages. */
export function CartWidget() {
  const { t } = useTranslation();
  const totalItems = useAppSelector((s) => s.product.checkout.totalItems);
  return (
    <Fab
      component={RouterLink}
      to={paths.dashboard.eCommerce.checkout}
      color="primary"
      aria-label={t('ecommerce.cart.open', { count: totalItems })}
      sx={{
        position: 'fixed',
        insetInlineEnd: 24,
        bottom: 24,
        zIndex: (theme) => theme.zIndex.speedDial,
      }}
    >
      <Badge badgeContent={totalItems} color="error" showZero={false} data-testid="cart-badge">
        <ShoppingCartRounded />
      </Badge>
    </Fab>
  );
}
