// News and FAQ. Admins write news and FAQ entries (sanitised rich text); nutritionists read
// them: news newest first with their own seen marks, the FAQ by category with an accent-insensitive search.
import type { Kysely } from 'kysely';
import {
  createFaqCategoryRequestSchema,
  createFaqItemRequestSchema,
  createNewsRequestSchema,
  updateFaqCategoryRequestSchema,
  updateFaqItemRequestSchema,
  updateNewsRequestSchema,
  type CreateFaqCategoryRequest,
  type CreateFaqItemRequest,
  type CreateNewsRequest,
  type Faq,
  type FaqCategory,
  type FaqItem,
  type NewsItem,
  type NewsList,
  type UpdateFaqCategoryRequest,
  type UpdateFaqItemRequest,
  type UpdateNewsRequest,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plainText, sanitizeRichText, searchKey, searchWords } from '../../lib/rich-text.js';
import { faqRepository, newsRepository, type FaqCategoryRow, type FaqItemRow, type NewsRow } from './help.repository.js';

const newsNotFound = () => new AppError('NOT_FOUND', 'No encontramos esa novedad.');
const categoryNotFound = () => new AppError('NOT_FOUND', 'No encontramos esa categoría de preguntas.');
const itemNotFound = () => new AppError('NOT_FOUND', 'No encontramos esa pregunta.');
const emptyBody = (path: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ path, message }]);

const toNewsItem = (row: NewsRow): NewsItem => ({
  id: row.id,
  title: row.title,
  bodyHtml: row.body_html,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  seen: Number(row.seen) === 1,
});
const toFaqItem = (row: FaqItemRow): FaqItem => ({ id: row.id, categoryId: row.category_id, question: row.question, answerHtml: row.answer_html, position: Number(row.position) });
const toCategory = (row: FaqCategoryRow, items: FaqItem[]): FaqCategory => ({ id: row.id, name: row.name, position: Number(row.position), items });

export function createHelpService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => clock.now().toISOString();

  /** Sanitised body; a body with no visible text is refused (a news item or an answer must say something). */
  function richBody(html: string, path: string, message: string): string {
    const clean = sanitizeRichText(html);
    if (clean === '') throw emptyBody(path, message);
    return clean;
  }

  return {
    async listNews(userId: string): Promise<NewsList> {
      const [rows, unseenCount] = await Promise.all([newsRepository.list(db, userId), newsRepository.unseenCount(db, userId)]);
      return { items: rows.map(toNewsItem), unseenCount };
    },
    unseenNews: (userId: string) => newsRepository.unseenCount(db, userId),
    async markNewsSeen(userId: string, ids: string[] | null): Promise<number> {
      await newsRepository.markSeen(db, userId, ids, now());
      return newsRepository.unseenCount(db, userId);
    },

    async createNews(authorUserId: string, input: CreateNewsRequest): Promise<NewsItem> {
      const data = createNewsRequestSchema.parse(input);
      const at = now();
      const row = { id: newId(), title: data.title, body_html: richBody(data.bodyHtml, 'bodyHtml', 'Escribe el texto de la novedad.'), author_user_id: authorUserId, created_at: at, updated_at: at };
      await newsRepository.insert(db, row);
      // Its author has read it: her own badge does not count it.
      await newsRepository.markSeen(db, authorUserId, [row.id], at);
      return toNewsItem({ ...row, seen: 1 });
    },
    async updateNews(id: string, input: UpdateNewsRequest): Promise<NewsItem> {
      const data = updateNewsRequestSchema.parse(input);
      const before = await newsRepository.findById(db, id);
      if (!before) throw newsNotFound();
      const changes = {
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.bodyHtml !== undefined ? { body_html: richBody(data.bodyHtml, 'bodyHtml', 'Escribe el texto de la novedad.') } : {}),
        updated_at: now(),
      };
      await newsRepository.update(db, id, changes);
      // An edit does not make it unseen again: the seen marks stay.
      return toNewsItem({ ...before, ...changes, seen: 0 });
    },
    async deleteNews(id: string): Promise<void> {
      if (!(await newsRepository.delete(db, id))) throw newsNotFound();
    },

    async faq(q: string | undefined): Promise<Faq> {
      const patterns = searchWords(q);
      const [categories, all, matching] = await Promise.all([
        faqRepository.categories(db),
        faqRepository.items(db, []),
        patterns.length > 0 ? faqRepository.items(db, patterns) : Promise.resolve(null),
      ]);
      const words = searchKey(q ?? '').split(/\s+/).filter(Boolean);
      const matchingIds = matching ? new Set(matching.map((i) => i.id)) : null;
      return {
        categories: categories
          .map((category) => {
            const own = all.filter((i) => i.category_id === category.id);
            // Searching: the items that match, or every item of a category whose name matches.
            const nameMatches = words.length > 0 && words.every((w) => searchKey(category.name).includes(w));
            const shown = matchingIds && !nameMatches ? own.filter((i) => matchingIds.has(i.id)) : own;
            return toCategory(category, shown.map(toFaqItem));
          })
          .filter((c) => !matchingIds || c.items.length > 0),
      };
    },

    async createCategory(input: CreateFaqCategoryRequest): Promise<FaqCategory> {
      const data = createFaqCategoryRequestSchema.parse(input);
      const at = now();
      const row = { id: newId(), name: data.name, position: data.position ?? (await faqRepository.nextCategoryPosition(db)), created_at: at, updated_at: at };
      await faqRepository.insertCategory(db, row);
      return toCategory(row, []);
    },
    async updateCategory(id: string, input: UpdateFaqCategoryRequest): Promise<FaqCategory> {
      const data = updateFaqCategoryRequestSchema.parse(input);
      const before = await faqRepository.findCategory(db, id);
      if (!before) throw categoryNotFound();
      const changes = { ...(data.name !== undefined ? { name: data.name } : {}), ...(data.position !== undefined ? { position: data.position } : {}), updated_at: now() };
      await faqRepository.updateCategory(db, id, changes);
      const items = (await faqRepository.items(db, [])).filter((i) => i.category_id === id).map(toFaqItem);
      return toCategory({ ...before, ...changes }, items);
    },
    async deleteCategory(id: string): Promise<void> {
      if (!(await faqRepository.deleteCategory(db, id))) throw categoryNotFound();
    },

    async createItem(input: CreateFaqItemRequest): Promise<FaqItem> {
      const data = createFaqItemRequestSchema.parse(input);
      if (!(await faqRepository.findCategory(db, data.categoryId))) throw new AppError('VALIDATION_ERROR', 'Esa categoría no existe.', [{ path: 'categoryId', message: 'Esa categoría no existe.' }]);
      const answer = richBody(data.answerHtml, 'answerHtml', 'Escribe la respuesta.');
      const at = now();
      const row: FaqItemRow = {
        id: newId(),
        category_id: data.categoryId,
        question: data.question,
        answer_html: answer,
        search_text: searchKey(`${data.question} ${plainText(answer)}`),
        position: data.position ?? (await faqRepository.nextItemPosition(db, data.categoryId)),
        created_at: at,
        updated_at: at,
      };
      await faqRepository.insertItem(db, row);
      return toFaqItem(row);
    },
    async updateItem(id: string, input: UpdateFaqItemRequest): Promise<FaqItem> {
      const data = updateFaqItemRequestSchema.parse(input);
      const before = await faqRepository.findItem(db, id);
      if (!before) throw itemNotFound();
      if (data.categoryId !== undefined && !(await faqRepository.findCategory(db, data.categoryId))) {
        throw new AppError('VALIDATION_ERROR', 'Esa categoría no existe.', [{ path: 'categoryId', message: 'Esa categoría no existe.' }]);
      }
      const question = data.question ?? before.question;
      const answer = data.answerHtml !== undefined ? richBody(data.answerHtml, 'answerHtml', 'Escribe la respuesta.') : before.answer_html;
      const changes: Partial<FaqItemRow> = {
        question,
        answer_html: answer,
        search_text: searchKey(`${question} ${plainText(answer)}`),
        ...(data.categoryId !== undefined ? { category_id: data.categoryId } : {}),
        ...(data.position !== undefined ? { position: data.position } : {}),
        updated_at: now(),
      };
      await faqRepository.updateItem(db, id, changes);
      return toFaqItem({ ...before, ...changes });
    },
    async deleteItem(id: string): Promise<void> {
      if (!(await faqRepository.deleteItem(db, id))) throw itemNotFound();
    },

  };
}

export type HelpService = ReturnType<typeof createHelpService>;
