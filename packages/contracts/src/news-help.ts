// News (/novedades) written by the platform's admins, the help centre's FAQ (/ayuda) and the guided
// tour's seen flag.
import { z } from 'zod';

export const NEWS_TITLE_MAX_CHARS = 200;
export const RICH_TEXT_MAX_CHARS = 50_000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Ingresa ${label}.` })
    .trim()
    .min(1, { error: `Ingresa ${label}.` })
    .max(max, { error: `Es demasiado largo (máximo ${max} caracteres).` });
const richText = (label: string) =>
  z
    .string({ error: `Ingresa ${label}.` })
    .max(RICH_TEXT_MAX_CHARS, { error: `Es demasiado largo (máximo ${RICH_TEXT_MAX_CHARS} caracteres).` });

/** The spec's novelty: id, titulo, cuerpo, created_at — plus whether the signed-in user has seen it. */
export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  bodyHtml: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  seen: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z.object({ items: z.array(newsItemSchema), unseenCount: z.number().int().min(0) });
export type NewsList = z.infer<typeof newsListSchema>;
export const unseenNewsCountSchema = z.object({ count: z.number().int().min(0) });
export type UnseenNewsCount = z.infer<typeof unseenNewsCountSchema>;

/** Marks some items seen, or every published item when ids is absent (opening /novedades). */
export const markNewsSeenRequestSchema = z
  .object({ ids: z.array(z.string().min(1).max(64)).min(1, { error: 'Indica al menos una novedad.' }).max(200).optional() })
  .nullish();
export type MarkNewsSeenRequest = z.infer<typeof markNewsSeenRequestSchema>;

export const createNewsRequestSchema = z.object({ title: requiredText('un título', NEWS_TITLE_MAX_CHARS), bodyHtml: richText('el texto de la novedad') });
export type CreateNewsRequest = z.infer<typeof createNewsRequestSchema>;
export const updateNewsRequestSchema = createNewsRequestSchema
  .partial()
  .refine((body) => body.title !== undefined || body.bodyHtml !== undefined, { error: 'Indica el título o el texto.' });
export type UpdateNewsRequest = z.infer<typeof updateNewsRequestSchema>;

export const faqItemSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  question: z.string(),
  /** Sanitised HTML. */
  answerHtml: z.string(),
  position: z.number().int(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqCategorySchema = z.object({ id: z.string(), name: z.string(), position: z.number().int(), items: z.array(faqItemSchema) });
export type FaqCategory = z.infer<typeof faqCategorySchema>;
/** The spec's FAQ answer: categories and their items (filtered by q when searching). */
export const faqSchema = z.object({ categories: z.array(faqCategorySchema) });
export type Faq = z.infer<typeof faqSchema>;
export const faqQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga (máximo 100 caracteres).' }).optional(),
});

const position = z.number({ error: 'La posición debe ser un número.' }).int({ error: 'La posición debe ser un número entero.' }).min(0).max(10_000);
export const createFaqCategoryRequestSchema = z.object({ name: requiredText('el nombre de la categoría', 120), position: position.optional() });
export type CreateFaqCategoryRequest = z.infer<typeof createFaqCategoryRequestSchema>;
export const updateFaqCategoryRequestSchema = createFaqCategoryRequestSchema
  .partial()
  .refine((body) => body.name !== undefined || body.position !== undefined, { error: 'Indica el nombre o la posición.' });
export type UpdateFaqCategoryRequest = z.infer<typeof updateFaqCategoryRequestSchema>;
export const createFaqItemRequestSchema = z.object({
  categoryId: z.string({ error: 'Elige una categoría.' }).min(1, { error: 'Elige una categoría.' }).max(64),
  question: requiredText('la pregunta', 300),
  answerHtml: richText('la respuesta'),
  position: position.optional(),
});
export type CreateFaqItemRequest = z.infer<typeof createFaqItemRequestSchema>;
export const updateFaqItemRequestSchema = createFaqItemRequestSchema
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'Indica qué quieres cambiar.' });
export type UpdateFaqItemRequest = z.infer<typeof updateFaqItemRequestSchema>;

