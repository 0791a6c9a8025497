import type { Address, AddressInput } from '@bo/contract/addresses';
import { ADDRESSES_API } from '@bo/contract/addresses-constants';
import type { uploadAnswerSchema } from '@bo/contract/files';
import { FILES_API } from '@bo/contract/files-paths';
import type {
  CreateOrderBody,
  Order,
  OrderBulkStatusAnswer,
  OrderListQuery,
  OrderStatus,
  OrderSummary,
  discountCheckAnswerSchema,
} from '@bo/contract/orders';
import { ORDERS_API } from '@bo/contract/orders-constants';
import type { Invoice } from '@bo/contract/invoices';
import type {
  Product,
  ProductBody,
  ProductBulkAnswer,
  ProductBulkBody,
  ProductDetails,
  ProductListQuery,
  ProductPatch,
  ProductsAnswer,
  Review,
  ReviewBody,
} from '@bo/contract/products';
import { PRODUCTS_API } from '@bo/contract/products-constants';
import type { z } from 'zod';

import { http } from '../../lib/http';
import { api } from '../../store/api';

type Query = Record<string, string | number | boolean | null | undefined>;

/** Array filters travel comma-separated, as the server's query schema reads them. */
export function toQuery(args: Record<string, unknown>): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(args)) {
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(',');
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      out[key] = value;
    }
  }
  return out;
}

const ecommerceApi = api
  .enhanceEndpoints({ addTagTypes: ['Product', 'Order', 'Address', 'Invoice'] })
  .injectEndpoints({
    endpoints: (build) => ({
      addresses: build.query<{ addresses: Address[] }, void>({
        query: () => ADDRESSES_API.list,
        providesTags: ['Address'],
      }),
      addAddress: build.mutation<{ address: Address }, AddressInput>({
        query: (body) => ({ url: ADDRESSES_API.list, method: 'POST', body }),
        invalidatesTags: ['Address'],
      }),
      deleteAddress: build.mutation<void, string>({
        query: (id) => ({ url: ADDRESSES_API.one(id), method: 'DELETE' }),
        invalidatesTags: ['Address'],
      }),
      products: build.query<ProductsAnswer, ProductListQuery>({
        query: (args) => ({ url: PRODUCTS_API.list, query: toQuery(args) }),
        providesTags: ['Product'],
      }),
      product: build.query<{ product: ProductDetails }, string>({
        query: (name) => ({ url: PRODUCTS_API.product, query: { name } }),
        providesTags: ['Product'],
      }),
      createProduct: build.mutation<{ product: Product }, ProductBody>({
        query: (body) => ({ url: PRODUCTS_API.list, method: 'POST', body }),
        invalidatesTags: ['Product'],
      }),
      updateProduct: build.mutation<{ product: Product }, { id: string; body: ProductPatch }>({
        query: ({ id, body }) => ({ url: PRODUCTS_API.one(id), method: 'PATCH', body }),
        invalidatesTags: ['Product'],
      }),
      deleteProduct: build.mutation<{ deleted: number }, string>({
        query: (id) => ({ url: PRODUCTS_API.one(id), method: 'DELETE' }),
        invalidatesTags: ['Product'],
      }),
      bulkDeleteProducts: build.mutation<{ deleted: number }, string[]>({
        query: (ids) => ({ url: PRODUCTS_API.bulkDelete, method: 'POST', body: { ids } }),
        invalidatesTags: ['Product'],
      }),
      /** Publish, hide, move or delete several; those refused come back named in `refused`. */
      bulkProducts: build.mutation<ProductBulkAnswer, ProductBulkBody>({
        query: (body) => ({ url: PRODUCTS_API.bulk, method: 'POST', body }),
        invalidatesTags: ['Product'],
      }),
      addReview: build.mutation<
        { review: Review; product: Product },
        { id: string; body: ReviewBody }
      >({
        query: ({ id, body }) => ({ url: PRODUCTS_API.reviews(id), method: 'POST', body }),
        invalidatesTags: ['Product'],
      }),
      markHelpful: build.mutation<{ review: Review }, { id: string; reviewId: string }>({
        query: ({ id, reviewId }) => ({ url: PRODUCTS_API.helpful(id, reviewId), method: 'POST' }),
        invalidatesTags: ['Product'],
      }),
      orders: build.query<{ orders: OrderSummary[]; total: number }, OrderListQuery>({
        query: (args) => ({ url: ORDERS_API.list, query: toQuery(args) }),
        providesTags: ['Order'],
      }),
      order: build.query<{ order: Order }, string>({
        query: (id) => ({ url: ORDERS_API.one(id) }),
        providesTags: ['Order'],
      }),
      createOrder: build.mutation<{ order: Order }, CreateOrderBody>({
        query: (body) => ({ url: ORDERS_API.list, method: 'POST', body }),
        // Stock changed: the shop and the product pages must show it.
        invalidatesTags: ['Order', 'Product'],
      }),
      updateOrderStatus: build.mutation<{ order: Order }, { id: string; status: OrderStatus }>({
        query: ({ id, status }) => ({ url: ORDERS_API.one(id), method: 'PATCH', body: { status } }),
        invalidatesTags: ['Order', 'Product'],
      }),
      /** Several orders to one status; those that cannot move come back in `refused`. */
      bulkOrderStatus: build.mutation<
        OrderBulkStatusAnswer,
        { ids: string[]; status: OrderStatus }
      >({
        query: (body) => ({ url: ORDERS_API.bulkStatus, method: 'POST', body }),
        invalidatesTags: ['Order', 'Product'],
      }),
      /** A draft invoice from the order; the order then lists it, the invoices too. */
      createInvoiceFromOrder: build.mutation<{ invoice: Invoice }, string>({
        query: (orderId) => ({ url: ORDERS_API.invoice(orderId), method: 'POST' }),
        invalidatesTags: ['Order', 'Invoice'],
      }),
    }),
  });

export const {
  useAddressesQuery,
  useAddAddressMutation,
  useDeleteAddressMutation,
  useProductsQuery,
  useProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useBulkDeleteProductsMutation,
  useBulkProductsMutation,
  useAddReviewMutation,
  useMarkHelpfulMutation,
  useOrdersQuery,
  useOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderStatusMutation,
  useBulkOrderStatusMutation,
  useCreateInvoiceFromOrderMutation,
} = ecommerceApi;

export type DiscountAnswer = z.output<typeof discountCheckAnswerSchema>;

/** One-off calls that are not cached: a code check, an image upload, a CSV download. */
export function checkDiscountCode(code: string) {
  return http<DiscountAnswer>(ORDERS_API.discount, { query: { code } });
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<z.output<typeof uploadAnswerSchema>>(FILES_API.upload, {
    method: 'POST',
    body: form,
    query: { kind: 'image' },
  });
  return answer.file.url;
}

export async function downloadProductsCsv(args: ProductListQuery) {
  const { page: _page, limit: _limit, ...filters } = args;
  const text = await http<string>(PRODUCTS_API.exportCsv, { query: toQuery(filters) });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** The action that makes every product list and page read again (after an import wrote them). */
export const productsChanged = () => ecommerceApi.util.invalidateTags(['Product']);
