import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, ProductBody } from '@bo/contract/products';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_COLORS,
  PRODUCT_GENDERS,
  PRODUCT_SIZES,
  productBodySchema,
} from '@bo/contract/products';
import { Suspense, lazy } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { focusFirstError } from '../../components/form/focus-first-error';
import type { RichTextTool } from '../../components/rich-text/rich-text-editor';
import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useCreateProductMutation, useUpdateProductMutation } from './ecommerce-api';
import { ImageUploader } from './image-uploader';

// The editor (ProseMirror) is its own chunk, fetched only when this form opens.
const RichTextEditor = lazy(() =>
  import('../../components/rich-text/rich-text-editor').then((m) => ({
    default: m.RichTextEditor,
  })),
);
/** A description is formatted text without links, code or pictures (the gallery has those). */
const DESCRIPTION_TOOLS: readonly RichTextTool[] = [
  'bold',
  'italic',
  'heading',
  'bulletList',
  'orderedList',
  'quote',
  'undo',
  'redo',
];

const EMPTY: ProductBody = {
  name: '',
  code: '',
  sku: '',
  description: '',
  images: [],
  price: 0,
  priceSale: null,
  taxes: 0,
  priceIncludesTax: true,
  quantity: 0,
  category: PRODUCT_CATEGORIES[0],
  gender: [],
  colors: [],
  sizes: [],
  tags: [],
  newLabel: false,
  saleLabel: false,
  published: true,
};

const FIELDS: Path<ProductBody>[] = [
  'name',
  'slug',
  'code',
  'sku',
  'description',
  'images',
  'price',
  'priceSale',
  'taxes',
  'quantity',
  'category',
  'gender',
  'colors',
  'sizes',
  'tags',
];

export function toProductBody(p: Product): ProductBody {
  return {
    name: p.name,
    code: p.code,
    sku: p.sku,
    description: p.description,
    images: p.images,
    price: p.price,
    priceSale: p.priceSale,
    taxes: p.taxes,
    priceIncludesTax: p.priceIncludesTax,
    quantity: p.quantity,
    // Our keys: `category` and `gender` of an answer are the template family's labels.
    category: p.categoryKey,
    gender: p.genderKeys,
    colors: p.colors,
    sizes: p.sizes,
    tags: p.tags,
    newLabel: p.newLabel,
    saleLabel: p.saleLabel,
    published: p.published,
  };
}

const numberValue = (raw: string) => (raw === '' ? 0 : Number(raw));

/** One form for new and edit (react-admin's habit): the contract's schema validates both. */
export function ProductForm({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useCreateProductMutation();
  const [update] = useUpdateProductMutation();
  const form = useForm<ProductBody>({
    resolver: zodResolver(productBodySchema, { error: zodErrorMap(t) }),
    defaultValues: product ? toProductBody(product) : EMPTY,
  });
  const { control, handleSubmit, formState } = form;

  const submit = handleSubmit(
    async (body) => {
      try {
        const saved = product
          ? await update({ id: product.id, body }).unwrap()
          : await create(body).unwrap();
        notify.success(product ? t('ecommerce.form.updated') : t('ecommerce.form.created'));
        navigate(paths.dashboard.eCommerce.view(saved.product.slug));
      } catch (error) {
        if (applyServerFieldErrors(t, error, form.setError, FIELDS)) focusFirstError();
        else notify.error(translateError(t, error));
      }
    },
    () => focusFirstError(),
  );

  const text = (name: 'name' | 'code' | 'sku', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          fullWidth
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  const money = (name: 'price' | 'taxes', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          type="number"
          label={label}
          value={field.value === 0 ? '' : field.value}
          onChange={(e) => field.onChange(numberValue(e.target.value))}
          onBlur={field.onBlur}
          placeholder="0.00"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{
            htmlInput: { step: '0.01', min: 0 },
            // The price is in dollars; the tax is a percent.
            input:
              name === 'price'
                ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
                : { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      )}
    />
  );
  const toggle = (
    name: 'priceIncludesTax' | 'newLabel' | 'saleLabel' | 'published',
    label: string,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880, mx: 'auto', pb: 8 }}>
      <Stack spacing={4}>
        <Card>
          <CardHeader
            title={t('ecommerce.form.details')}
            subheader={t('ecommerce.form.detailsHint')}
          />
          <Divider sx={{ mt: 2 }} />
          <Stack spacing={3} sx={{ p: 3 }}>
            {text('name', t('ecommerce.form.name'))}
            <Controller
              name="description"
              control={control}
              render={({ field, fieldState }) => (
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {t('ecommerce.form.description')}
                  </Typography>
                  <Suspense fallback={<Skeleton variant="rounded" height={230} />}>
                    <RichTextEditor
                      value={field.value}
                      onChange={field.onChange}
                      error={!!fieldState.error}
                      label={t('ecommerce.form.description')}
                      textsPrefix="ecommerce.editor"
                      tools={DESCRIPTION_TOOLS}
                      minHeight={180}
                      dense
                    />
                  </Suspense>
                  {fieldState.error && (
                    <FormHelperText error>{fieldState.error.message}</FormHelperText>
                  )}
                </Box>
              )}
            />
            <Controller
              name="images"
              control={control}
              render={({ field, fieldState }) => (
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {t('ecommerce.form.images')}
                  </Typography>
                  <ImageUploader
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                </Box>
              )}
            />
          </Stack>
        </Card>

        <Card>
          <CardHeader
            title={t('ecommerce.form.properties')}
            subheader={t('ecommerce.form.propertiesHint')}
          />
          <Divider sx={{ mt: 2 }} />
          <Stack spacing={3} sx={{ p: 3 }}>
            <Box
              sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            >
              {text('code', t('ecommerce.form.code'))}
              {text('sku', t('ecommerce.form.sku'))}
              <Controller
                name="quantity"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    fullWidth
                    type="number"
                    label={t('ecommerce.product.quantity')}
                    value={field.value}
                    onChange={(e) => field.onChange(numberValue(e.target.value))}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  />
                )}
              />
              <Controller
                name="category"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    fullWidth
                    label={t('ecommerce.filters.category')}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  >
                    {PRODUCT_CATEGORIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {t(`ecommerce.category.${c}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="colors"
                control={control}
                render={({ field, fieldState }) => (
                  <Autocomplete
                    multiple
                    options={[...PRODUCT_COLORS]}
                    value={field.value}
                    onChange={(_, v) => field.onChange(v)}
                    renderOption={(props, option) => {
                      const { key, ...rest } = props as typeof props & { key: string };
                      return (
                        <li key={key} {...rest}>
                          <Box
                            sx={{
                              width: 16,
                              height: 16,
                              borderRadius: '50%',
                              bgcolor: option,
                              border: 1,
                              borderColor: 'divider',
                              mr: 1,
                            }}
                          />
                          {option}
                        </li>
                      );
                    }}
                    renderValue={(values, getItemProps) =>
                      values.map((option, index) => {
                        const { key, ...itemProps } = getItemProps({ index });
                        return (
                          <Chip
                            key={key}
                            {...itemProps}
                            size="small"
                            label={option}
                            avatar={
                              <Box
                                sx={{
                                  bgcolor: option,
                                  borderRadius: '50%',
                                  border: 1,
                                  borderColor: 'divider',
                                }}
                              />
                            }
                          />
                        );
                      })
                    }
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('ecommerce.filters.colors')}
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              />
              <Controller
                name="sizes"
                control={control}
                render={({ field, fieldState }) => (
                  <Autocomplete
                    multiple
                    options={[...PRODUCT_SIZES]}
                    value={field.value}
                    onChange={(_, v) => field.onChange(v)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('ecommerce.product.size')}
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              />
            </Box>
            <Controller
              name="tags"
              control={control}
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  options={[]}
                  value={field.value}
                  onChange={(_, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('ecommerce.form.tags')}
                      placeholder={t('ecommerce.form.tagsHint')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
            <Controller
              name="gender"
              control={control}
              render={({ field }) => (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <Typography component="legend" variant="subtitle2">
                    {t('ecommerce.filters.gender')}
                  </Typography>
                  <FormGroup row>
                    {PRODUCT_GENDERS.map((g) => (
                      <FormControlLabel
                        key={g}
                        label={t(`ecommerce.gender.${g}`)}
                        control={
                          <Checkbox
                            checked={field.value.includes(g)}
                            onChange={() =>
                              field.onChange(
                                field.value.includes(g)
                                  ? field.value.filter((x) => x !== g)
                                  : [...field.value, g],
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
              )}
            />
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {toggle('newLabel', t('ecommerce.labels.new'))}
              {toggle('saleLabel', t('ecommerce.labels.sale'))}
            </Stack>
          </Stack>
        </Card>

        <Card>
          <CardHeader
            title={t('ecommerce.form.pricing')}
            subheader={t('ecommerce.form.pricingHint')}
          />
          <Divider sx={{ mt: 2 }} />
          <Stack spacing={3} sx={{ p: 3 }}>
            {money('price', t('ecommerce.form.price'))}
            <Controller
              name="priceSale"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  fullWidth
                  type="number"
                  label={t('ecommerce.form.priceSale')}
                  value={field.value ?? ''}
                  onChange={(e) =>
                    field.onChange(e.target.value === '' ? null : Number(e.target.value))
                  }
                  placeholder="0.00"
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    htmlInput: { step: '0.01', min: 0 },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  }}
                />
              )}
            />
            {toggle('priceIncludesTax', t('ecommerce.form.priceIncludesTax'))}
            {money('taxes', t('ecommerce.form.taxes'))}
          </Stack>
        </Card>

        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
        >
          {toggle('published', t('ecommerce.list.publishedYes'))}
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {product ? t('ecommerce.form.save') : t('ecommerce.form.create')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
