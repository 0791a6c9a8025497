import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_COLORS,
  PRODUCT_GENDERS,
} from '@bo/contract/products-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from './format';
import type { ShopFilters } from './use-shop-filters';

export const PRICE_MAX = 500;

type Props = {
  open: boolean;
  onClose: () => void;
  filters: ShopFilters;
  onChange: (changes: Partial<ShopFilters>) => void;
  onReset: () => void;
};

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

export function ShopFiltersDrawer({ open, onClose, filters, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [price, setPrice] = useState<number[]>([
    filters.priceMin ?? 0,
    filters.priceMax ?? PRICE_MAX,
  ]);
  useEffect(() => {
    setPrice([filters.priceMin ?? 0, filters.priceMax ?? PRICE_MAX]);
  }, [filters.priceMin, filters.priceMax]);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 300 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 2 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('ecommerce.filters.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto', flexGrow: 1 }}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('ecommerce.filters.gender')}
          </Typography>
          <FormGroup>
            {PRODUCT_GENDERS.map((g) => (
              <FormControlLabel
                key={g}
                control={
                  <Checkbox
                    checked={filters.gender.includes(g)}
                    onChange={() => onChange({ gender: toggle(filters.gender, g) })}
                  />
                }
                label={t(`ecommerce.gender.${g}`)}
              />
            ))}
          </FormGroup>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('ecommerce.filters.category')}
          </Typography>
          <RadioGroup
            value={filters.category}
            onChange={(_, value) => onChange({ category: value })}
          >
            <FormControlLabel value="" control={<Radio />} label={t('ecommerce.filters.all')} />
            {PRODUCT_CATEGORIES.map((c) => (
              <FormControlLabel
                key={c}
                value={c}
                control={<Radio />}
                label={t(`ecommerce.category.${c}`)}
              />
            ))}
          </RadioGroup>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('ecommerce.filters.colors')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {PRODUCT_COLORS.map((color) => {
              const selected = filters.colors.includes(color);
              return (
                <Box
                  key={color}
                  component="button"
                  type="button"
                  aria-label={color}
                  aria-pressed={selected}
                  onClick={() => onChange({ colors: toggle(filters.colors, color) })}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    cursor: 'pointer',
                    bgcolor: color,
                    border: (theme) => `1px solid ${theme.palette.divider}`,
                    outline: selected ? '2px solid' : 'none',
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                    transform: selected ? 'scale(1.1)' : 'none',
                  }}
                />
              );
            })}
          </Box>
        </Box>
        <Box>
          <Typography id="price-range" variant="subtitle2" sx={{ mb: 1 }}>
            {t('ecommerce.filters.price')}
          </Typography>
          <Slider
            aria-labelledby="price-range"
            value={price}
            min={0}
            max={PRICE_MAX}
            step={5}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => f.money(v)}
            getAriaValueText={(v) => f.money(v)}
            onChange={(_, value) => setPrice(value as number[])}
            onChangeCommitted={(_, value) => {
              const [min = 0, max = PRICE_MAX] = value as number[];
              onChange({ priceMin: min > 0 ? min : null, priceMax: max < PRICE_MAX ? max : null });
            }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', typography: 'caption' }}>
            <span>{f.money(price[0] ?? 0)}</span>
            <span>{f.money(price[1] ?? PRICE_MAX)}</span>
          </Box>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('ecommerce.filters.rating')}
          </Typography>
          <RadioGroup
            value={filters.rating === null ? '' : String(filters.rating)}
            onChange={(_, value) => onChange({ rating: value ? Number(value) : null })}
          >
            <FormControlLabel value="" control={<Radio />} label={t('ecommerce.filters.all')} />
            {[4, 3, 2, 1].map((stars) => (
              <FormControlLabel
                key={stars}
                value={String(stars)}
                control={<Radio />}
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Rating readOnly value={stars} size="small" />
                    <span>{t('ecommerce.filters.andUp')}</span>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </Box>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        <Button fullWidth size="large" color="inherit" variant="outlined" onClick={onReset}>
          {t('ecommerce.filters.clear')}
        </Button>
      </Box>
    </Drawer>
  );
}
