// Admin calls for news and the FAQ (the server answers 403 to anyone but an admin). Lists are read from
// the same endpoints nutritionists use (/news, /faq).
import type {
  CreateFaqCategoryRequest,
  CreateFaqItemRequest,
  CreateNewsRequest,
  Faq,
  FaqCategory,
  FaqItem,
  NewsItem,
  NewsList,
  UpdateFaqCategoryRequest,
  UpdateFaqItemRequest,
  UpdateNewsRequest,
} from '@almendra/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const id = (value: string) => encodeURIComponent(value);

export const adminNewsQuery = () => queryOptions({ queryKey: ['news', 'list'], queryFn: ({ signal }) => api.get<NewsList>('/news', { signal }) });
export const adminFaqQuery = () => queryOptions({ queryKey: ['faq', ''], queryFn: ({ signal }) => api.get<Faq>('/faq', { signal }) });

export const adminNewsApi = {
  create: (body: CreateNewsRequest) => api.post<NewsItem>('/admin/news', body),
  update: (newsId: string, body: UpdateNewsRequest) => api.patch<NewsItem>(`/admin/news/${id(newsId)}`, body),
  remove: (newsId: string) => api.delete<void>(`/admin/news/${id(newsId)}`),
};

export const adminFaqApi = {
  createCategory: (body: CreateFaqCategoryRequest) => api.post<FaqCategory>('/admin/faq/categories', body),
  updateCategory: (categoryId: string, body: UpdateFaqCategoryRequest) => api.patch<FaqCategory>(`/admin/faq/categories/${id(categoryId)}`, body),
  removeCategory: (categoryId: string) => api.delete<void>(`/admin/faq/categories/${id(categoryId)}`),
  createItem: (body: CreateFaqItemRequest) => api.post<FaqItem>('/admin/faq/items', body),
  updateItem: (itemId: string, body: UpdateFaqItemRequest) => api.patch<FaqItem>(`/admin/faq/items/${id(itemId)}`, body),
  removeItem: (itemId: string) => api.delete<void>(`/admin/faq/items/${id(itemId)}`),
};
