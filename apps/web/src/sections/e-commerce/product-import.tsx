import {
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_IMPORT_REQUIRED,
  PRODUCT_TRANSFER_API,
  type ProductImportField,
} from '@bo/contract/products-transfer-paths';
import { useTranslation } from 'react-i18next';

import { ImportDialog } from '../../components/import-dialog/import-dialog';
import { useAppDispatch } from '../../store/hooks';
import { productsChanged } from './ecommerce-api';

/** Each imported field under the name the product form gives it. */
const LABELS: Record<ProductImportField, string> = {
  name: 'ecommerce.form.name',
  sku: 'ecommerce.form.sku',
  code: 'ecommerce.form.code',
  category: 'ecommerce.filters.category',
  price: 'ecommerce.form.price',
  priceSale: 'ecommerce.form.priceSale',
  quantity: 'ecommerce.product.quantity',
  published: 'ecommerce.list.publishedYes',
};

/** The product list's import (loaded when it is opened): the shared dialog on the products' calls. */
export function ProductImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <ImportDialog
      target={{
        kind: 'products',
        paths: PRODUCT_TRANSFER_API,
        fields: PRODUCT_IMPORT_FIELDS,
        required: PRODUCT_IMPORT_REQUIRED,
        fieldLabel: (field) => (field in LABELS ? t(LABELS[field as ProductImportField]) : field),
      }}
      onClose={onClose}
      onImported={() => dispatch(productsChanged())}
    />
  );
}
