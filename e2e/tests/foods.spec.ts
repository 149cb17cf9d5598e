// Foods, dishes and food requests in Chromium, as a nutritionist would use them: search as you type
// (Spanish, capitals, English), everyday Argentine names ranked first (papa, cebolla, calabaza, zapallo,
// yerba…), the avocado's values and Spanish-only measures, an own food with a server field error, a dish of
// three ingredients whose live and saved totals equal packages/domain's (Enter adds only the highlighted
// result), the meals a dish fits (ticked, saved, shown and still ticked after a reload; in /platos' table and,
// on a phone, its cards; under the name her practice gave a meal), and a food request approved and another
// rejected by an admin.
import { expect, test, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import type { Dish } from '../../packages/contracts/src/dishes.js';
import type { FoodDetail } from '../../packages/contracts/src/foods.js';
import type { MealSlotsResponse } from '../../packages/contracts/src/plans.js';
import { addFood, createCalculator, englishWordsIn, scaleTotals, type CalculatorState } from '../../packages/domain/src/index.js';
import { apiCall, expectAccessible, login, logout, newAccount, register, screenshot, screensDir } from './support.js';

// The Argentine layer's avocado (SR24 09037's values under its Argentine name) comes first for 'palta'.
const AVOCADO_ID = 'ar:palta';
const kcal = (value: number) => `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 }).format(value)} kcal`;
const grams = (value: number) => `${new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} g`;

/** The cell of a nutrient row in a nutrient table column. */
const cell = (page: Page, table: string, key: string, column: string) =>
  page.getByTestId(table).getByTestId(`nutrient-${key}`).locator(`[data-column="${column}"]`);

/** Types a search and waits until the first result is the expected one (the list updates 500 ms later): a table, or a phone's cards. */
async function searchFoods(page: Page, query: string, first: string | RegExp) {
  await page.getByLabel('Buscar alimento').fill(query);
  const link = page.getByTestId(/^foods-(table|cards)$/).getByRole('link').first();
  await expect(link).toHaveText(first);
  return link;
}

/**
 * /alimentos on a phone: cards, no table, and nothing wider than the screen (neither the page nor any box
 * that scrolls sideways); the first card (named `first`, when given) shows its group, energy and star.
 */
async function expectPhoneFoodCards(page: Page, first?: string) {
  const card = page.getByTestId('food-card').first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('foods-table')).toHaveCount(0);
  if (first) await expect(card.getByRole('link')).toHaveText(first);
  await expect(card.getByTestId('food-card-energy')).toHaveText(/^Energía \(kcal\): ([\d.]+(,\d)? kcal|—)$/);
  await expect(card.getByTestId('favourite-star')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The star sits inside the card, at its right edge, within the screen.
  const box = (await card.getByTestId('favourite-star').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

/** Nothing wider than the screen: neither the page nor any box in the main area scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const scrollers = Array.from(document.querySelectorAll('main *')).filter((el) => el.scrollWidth > el.clientWidth + 1 && !['visible', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX));
    return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, scrollers: scrollers.map((el) => el.className) };
  });
  expect(overflow).toEqual({ page: 0, scrollers: [] });
}

/** A dish's row in the laptop table of /platos. */
const dishRow = (page: Page, name: string) =>
  page.getByTestId('dishes-table').locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) });
/** A dish's card in the phone list of /platos. */
const dishCard = (page: Page, name: string) => page.getByTestId('dish-card').filter({ has: page.getByRole('link', { name, exact: true }) });

/**
 * /platos on a phone: cards, no table, nothing wider than the screen, and each card's star and copy button
 * within it.
 */
async function expectPhoneDishCards(page: Page, count: number) {
  await expect(page.getByTestId('dish-card')).toHaveCount(count);
  await expect(page.getByTestId('dishes-table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  for (const card of await page.getByTestId('dish-card').all()) {
    const right = (await card.boundingBox())!;
    expect(right.x + right.width).toBeLessThanOrEqual(390);
    const copy = (await card.getByRole('button', { name: /^(Duplicar|Copiar) / }).boundingBox())!;
    expect(copy.x + copy.width).toBeLessThanOrEqual(right.x + right.width);
  }
}

const isFoodDetail = (r: Response) =>
  /\/api\/v1\/foods\/(?!catalog$|groups$)[^/?]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET' && r.ok();

test('search foods in Spanish and English, check the avocado and create an own food', async ({ page }) => {
  await register(page);
  await page.goto('/alimentos');
  await expect(page.getByRole('heading', { name: 'Alimentos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Base de datos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Nuevo alimento' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitar alimento' })).toBeVisible();

  const first = await searchFoods(page, 'palta', /^Palta/);
  const paltaName = (await first.textContent())!;
  // Nothing else on screen changes between these queries, so check the request too.
  const upper = page.waitForResponse((r) => r.url().includes('q=PALTA') && r.ok());
  await searchFoods(page, 'PALTA', paltaName);
  await upper;
  const english = page.waitForResponse((r) => r.url().includes('q=avocado') && r.ok());
  await searchFoods(page, 'avocado', paltaName);
  await english;
  await screenshot(page, 'foods-01-search-palta');
  await expectAccessible(page);

  await searchFoods(page, 'pollo', /pollo/i);
  const rows = page.getByTestId('foods-table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(rows).toHaveCount(40);
  await screenshot(page, 'foods-02-search-pollo');

  // Details of the avocado: the USDA SR24 values per 100 g (09037: 160 kcal, 2.00 g protein, 14.66 g fat),
  // shown under its Argentine name with where they come from.
  await searchFoods(page, 'palta', paltaName);
  const detailLoaded = page.waitForResponse(isFoodDetail);
  await page.getByTestId('foods-table').getByRole('link').first().click();
  const avocado = (await (await detailLoaded).json()) as FoodDetail;
  expect(avocado.id).toBe(AVOCADO_ID);
  await expect(page.getByTestId('food-name')).toHaveText(paltaName!);
  await expect(page.getByTestId('food-provenance')).toContainText('USDA SR24 NDB 09037');
  await expect(cell(page, 'food-nutrients', 'energyKcal', 'per100')).toHaveText('160 kcal');
  await expect(cell(page, 'food-nutrients', 'proteinG', 'per100')).toHaveText('2,0 g');
  await expect(cell(page, 'food-nutrients', 'fatG', 'per100')).toHaveText('14,7 g');
  // Omega 3 is shown in mg (the table stores grams).
  await page.getByRole('button', { name: 'Grasas', exact: true }).click();
  await expect(cell(page, 'food-nutrients', 'omega3G', 'per100')).toHaveText(/ mg$/);

  // A household measure ('taza, en cubos', SR24 'cup, cubes') recomputes the chosen column live (150 g → fat 14.7 × 1.5).
  await page.getByLabel('Cantidad', { exact: true }).fill('1');
  await page.getByLabel('Unidad', { exact: true }).click();
  const cup = avocado.measures.find((m) => m.description.startsWith('taza, en cubos'))!;
  await page.getByRole('option', { name: /^1 taza, en cubos/ }).click();
  await expect(page.getByTestId('chosen-grams')).toHaveText(grams(cup.gramWeight / cup.amount));
  await expect(cell(page, 'food-nutrients', 'fatG', 'chosen')).toHaveText(grams(22.05));
  await screenshot(page, 'foods-03-avocado-detail');
  await expectAccessible(page);

  // An own food; a value the server refuses shows its message under the field.
  await page.goto('/alimentos');
  await page.getByRole('link', { name: 'Nuevo alimento' }).click();
  await expect(page).toHaveURL(/\/nuevo-alimento$/);
  await page.getByLabel('Nombre', { exact: true }).fill('Budín de algarroba casero');
  await page.getByLabel('Marca').fill('Cocina propia');
  await page.getByLabel('Energía').fill('350');
  await page.getByLabel('Proteínas').fill('150');
  await page.getByLabel('Grasas totales').fill('12.5');
  await page.getByLabel('Nombre', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/nuevo-alimento$/);
  await page.getByRole('button', { name: 'Guardar alimento' }).click();
  await expect(page.getByText('No puede superar 100 g por 100 g.')).toBeVisible();
  await screenshot(page, 'foods-04-own-food-error');
  await expectAccessible(page);
  await page.getByLabel('Proteínas').fill('8,5');
  await page.getByRole('button', { name: 'Guardar alimento' }).click();
  await expect(page).toHaveURL(/\/detalle-alimento\?id=/);
  await expect(page.getByTestId('food-name')).toHaveText('Budín de algarroba casero');
  await expect(cell(page, 'food-nutrients', 'proteinG', 'per100')).toHaveText('8,5 g');
  await expect(cell(page, 'food-nutrients', 'fatG', 'per100')).toHaveText('12,5 g');
  await expect(cell(page, 'food-nutrients', 'carbohydrateG', 'per100')).toHaveText('0,0 g');

  await page.goto('/alimentos');
  await page.getByRole('tab', { name: 'Mis alimentos' }).click();
  await expect(page.getByTestId('foods-table').getByRole('link', { name: 'Budín de algarroba casero' })).toBeVisible();
  await screenshot(page, 'foods-05-own-foods');
  await expectAccessible(page);
});

test('build a dish of three ingredients whose totals equal the domain calculator', async ({ page }) => {
  await register(page);
  await page.goto('/platos');
  await expect(page.getByTestId('dishes-empty')).toBeVisible();
  await screenshot(page, 'foods-06-dishes-empty');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Nuevo plato' }).click();
  await expect(page).toHaveURL(/\/nueva-comida$/);
  await page.getByLabel('Nombre del plato').fill('Ensalada de pollo y palta');
  await page.getByLabel('Porciones').fill('2');

  const details: FoodDetail[] = [];
  let expected: CalculatorState = createCalculator();
  const addIngredient = async (query: string) => {
    const loaded = page.waitForResponse(isFoodDetail);
    await page.getByLabel('Buscar ingrediente').fill(query);
    // The first result is a whole-word match of what was typed, so it is highlighted and Enter adds it.
    await expect(page.getByTestId('ingredient-results').getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Buscar ingrediente').press('Enter');
    const food = (await (await loaded).json()) as FoodDetail;
    details.push(food);
    expected = addFood(expected, { id: food.id, nutrients: food.nutrients, measures: food.measures }, 100, 'g');
    await expect(page.getByTestId('ingredient-line')).toHaveCount(details.length);
    await expect(cell(page, 'editor-nutrients', 'energyKcal', 'total')).toHaveText(kcal(expected.totals.values.energyKcal));
    return food;
  };
  const avocado = await addIngredient('palta');
  const chicken = await addIngredient('pollo pechuga');
  const tomato = await addIngredient('tomate');
  await expect(page).toHaveURL(/\/nueva-comida$/);
  // Every unit offered reads fully in Spanish: SR24's untranslatable ones ('slice, medium (1/4" thick)') are left out.
  await page.getByLabel(`Unidad de ${tomato.name}`).click();
  const units = await page.getByRole('option').allTextContents();
  expect(units.length).toBeGreaterThan(1);
  for (const unit of units) expect(unit, unit).not.toMatch(/\b(cup|slice|medium|large|small|whole|thick|cherry|NFS)\b|"/i);
  await page.keyboard.press('Escape');

  // Quantity and unit changes recalculate; removing subtracts; re-adding brings the line back.
  await page.getByLabel(`Cantidad de ${chicken.name}`).fill('150');
  expected = addFood(expected, { id: chicken.id, nutrients: chicken.nutrients, measures: chicken.measures }, 150, 'g');
  await page.getByLabel(`Unidad de ${avocado.name}`).click();
  await page.getByRole('option', { name: /^1 taza, en cubos/ }).click();
  const cup = avocado.measures.find((m) => m.description.startsWith('taza, en cubos'))!;
  // The line keeps its quantity (100) with the new unit: 100 cups would be absurd, so set 1.
  await page.getByLabel(`Cantidad de ${avocado.name}`).fill('1');
  expected = addFood(expected, { id: avocado.id, nutrients: avocado.nutrients, measures: avocado.measures }, 1, cup.position);
  for (const key of ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG'] as const) {
    const format = key === 'energyKcal' ? kcal : grams;
    await expect(cell(page, 'editor-nutrients', key, 'total')).toHaveText(format(expected.totals.values[key]));
    await expect(cell(page, 'editor-nutrients', key, 'serving')).toHaveText(format(scaleTotals(expected.totals, 0.5).values[key]));
  }
  const before = await cell(page, 'editor-nutrients', 'energyKcal', 'total').textContent();
  await page.getByRole('button', { name: `Quitar ${avocado.name}` }).click();
  await expect(page.getByTestId('ingredient-line')).toHaveCount(2);
  await expect(cell(page, 'editor-nutrients', 'energyKcal', 'total')).not.toHaveText(before!);
  await page.getByLabel('Buscar ingrediente').fill('palta');
  await expect(page.getByTestId('ingredient-results').getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Buscar ingrediente').press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(3);
  await page.getByLabel(`Unidad de ${avocado.name}`).click();
  await page.getByRole('option', { name: /^1 taza, en cubos/ }).click();
  await page.getByLabel(`Cantidad de ${avocado.name}`).fill('1');
  await expect(cell(page, 'editor-nutrients', 'energyKcal', 'total')).toHaveText(before!);
  await screenshot(page, 'foods-07-dish-editor');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page).toHaveURL(/\/detalle-comida\//);
  await expect(page.getByTestId('dish-name')).toHaveText('Ensalada de pollo y palta');
  await expect(page.getByTestId('dish-ingredients').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('dish-ingredients')).toContainText('1 × taza, en cubos');
  for (const key of ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG'] as const) {
    const format = key === 'energyKcal' ? kcal : grams;
    await expect(cell(page, 'dish-nutrients', key, 'total')).toHaveText(format(expected.totals.values[key]));
    await expect(cell(page, 'dish-nutrients', key, 'serving')).toHaveText(format(scaleTotals(expected.totals, 0.5).values[key]));
  }
  await screenshot(page, 'foods-08-dish-detail');
  await expectAccessible(page);

  // The list shows it; delete asks first.
  await page.goto('/platos');
  await expect(page.getByRole('link', { name: 'Ensalada de pollo y palta' })).toBeVisible();
  await screenshot(page, 'foods-09-dishes');
  await page.getByRole('link', { name: 'Ensalada de pollo y palta' }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshot(page, 'foods-10-dish-delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/platos$/);
  await expect(page.getByTestId('dishes-empty')).toBeVisible();
});

test('a dish says which meals it fits: lunch and dinner by default, her choice saved, shown and still ticked after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await page.goto('/nueva-comida');
  await page.getByLabel('Nombre del plato').fill('Café con leche y tostadas');
  const meals = page.getByTestId('dish-meals');
  const box = (name: string) => meals.getByRole('checkbox', { name, exact: true });
  const expectTicked = async (ticked: string[]) => {
    for (const name of ['Desayuno', 'Media mañana', 'Almuerzo', 'Merienda', 'Media tarde', 'Cena']) {
      if (ticked.includes(name)) await expect(box(name)).toBeChecked();
      else await expect(box(name)).not.toBeChecked();
    }
  };
  await expectTicked(['Almuerzo', 'Cena']);
  // None ticked is said under the field, nothing is sent.
  await box('Almuerzo').uncheck();
  await box('Cena').uncheck();
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(meals).toContainText('Marcá al menos una comida en la que va el plato.');
  await expect(page).toHaveURL(/\/nueva-comida$/);
  await box('Desayuno').check();
  await expect(meals).not.toContainText('Marcá al menos una comida en la que va el plato.');
  await box('Merienda').check();
  await expectTicked(['Desayuno', 'Merienda']);
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-30-dish-meals-1366-light.png` });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page).toHaveURL(/\/detalle-comida\//);
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Desayuno · Merienda');
  await page.reload();
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Desayuno · Merienda');
  await screenshot(page, 'foods-31-dish-meals-detail-1366-light');

  // Editing: her meals are ticked, also after a reload; a change is kept.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar-comida\//);
  await expectTicked(['Desayuno', 'Merienda']);
  await page.reload();
  await expectTicked(['Desayuno', 'Merienda']);
  await box('Media tarde').check();
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Desayuno · Merienda · Media tarde');
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.reload();
  await expectTicked(['Desayuno', 'Merienda', 'Media tarde']);

  // On a phone, dark: the six meals wrap within the screen.
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectTicked(['Desayuno', 'Merienda', 'Media tarde']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-32-dish-meals-390-dark.png` });
  await expectAccessible(page);
});

test('the dishes list says which meals each dish fits: a table on a laptop, one card per dish on a phone, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const breakfast = 'Café con leche y tostadas';
  const stew = 'Guiso de lentejas con chorizo colorado, panceta ahumada y zapallo anco a la leña';
  await apiCall(page, 'POST', '/dishes', { name: breakfast, meals: [1, 4] });
  await apiCall(page, 'POST', '/dishes', { name: stew, servings: 4 });
  await page.goto('/platos');
  // The laptop's table has a column with the meals (a dish created without them: lunch and dinner).
  await expect(page.getByTestId('dishes-table').getByRole('columnheader', { name: 'Va en' })).toBeVisible();
  await expect(dishRow(page, breakfast).getByTestId('dish-row-meals')).toHaveText('Desayuno · Merienda');
  await expect(dishRow(page, stew).getByTestId('dish-row-meals')).toHaveText('Almuerzo · Cena');
  await screenshot(page, 'foods-34-dishes-1366-light');
  await expectAccessible(page);
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(dishRow(page, stew).getByTestId('dish-row-meals')).toHaveText('Almuerzo · Cena');
  await screenshot(page, 'foods-35-dishes-1366-dark');

  // A phone: one card per dish (photo, name, servings and energy per serving, meals, star, copy), no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectPhoneDishCards(page, 2);
  await expect(dishCard(page, breakfast).getByTestId('dish-card-meals')).toHaveText('Va en: Desayuno · Merienda');
  await expect(dishCard(page, stew).getByTestId('dish-card-meals')).toHaveText('Va en: Almuerzo · Cena');
  await expect(dishCard(page, stew).getByTestId('dish-card-energy')).toHaveText(/^4 porciones · [\d.]+ kcal por porción$/);
  await expect(dishCard(page, breakfast).getByTestId('dish-card-energy')).toHaveText(/^1 porción · [\d.]+ kcal por porción$/);
  await screenshot(page, 'foods-36-dishes-390-dark');
  await expectAccessible(page);
  // The examples, light: twenty cards with their badge and meals, still within the screen.
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'light' });
  await page.goto('/platos?origen=ejemplos');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectPhoneDishCards(page, 20);
  const example = dishCard(page, 'Milanesas de carne');
  await expect(example.getByText('Ejemplo')).toBeVisible();
  await expect(example.getByTestId('dish-card-meals')).toHaveText('Va en: Almuerzo · Cena');
  await page.screenshot({ path: `${screensDir}/foods-37-dish-examples-390-light.png` });
  await expectAccessible(page);
  await page.goto('/platos');
  await expectPhoneDishCards(page, 2);
  await page.screenshot({ path: `${screensDir}/foods-38-dishes-390-light.png` });
});

test('a meal her practice renamed names the dish\'s meals in the form, the dish page and the list', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  // Configuración › Comidas: Merienda (slot 4) renamed.
  const { slots } = await apiCall<MealSlotsResponse>(page, 'GET', '/meal-slots');
  await apiCall(page, 'PUT', '/meal-slots', { slots: slots.map((s) => ({ slot: s.slot, name: s.slot === 4 ? 'Té de las cinco' : null, enabled: s.enabled })) });
  await page.goto('/nueva-comida');
  await page.getByLabel('Nombre del plato').fill('Budín de banana');
  const meals = page.getByTestId('dish-meals');
  const box = (name: string) => meals.getByRole('checkbox', { name, exact: true });
  await expect(box('Té de las cinco')).not.toBeChecked();
  await expect(box('Merienda')).toHaveCount(0);
  await expect(box('Almuerzo')).toBeChecked();
  await box('Almuerzo').uncheck();
  await box('Cena').uncheck();
  await box('Desayuno').check();
  await box('Té de las cinco').check();
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-39-dish-renamed-meal-form-1366-light.png` });
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page).toHaveURL(/\/detalle-comida\//);
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Desayuno · Té de las cinco');
  await page.reload();
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Desayuno · Té de las cinco');
  await screenshot(page, 'foods-40-dish-renamed-meal-detail-1366-light');
  // Editing keeps it ticked under her name.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(box('Té de las cinco')).toBeChecked();
  await page.goto('/platos');
  await expect(dishRow(page, 'Budín de banana').getByTestId('dish-row-meals')).toHaveText('Desayuno · Té de las cinco');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dishCard(page, 'Budín de banana').getByTestId('dish-card-meals')).toHaveText('Va en: Desayuno · Té de las cinco');
  await expectPhoneDishCards(page, 1);
});

test('an example dessert fits breakfast and merienda; a meal her practice switched off is not offered in the dish form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  // The shipped arroz con leche is a breakfast or merienda, not a lunch (migration 0045, the data file).
  await page.goto('/platos?origen=ejemplos');
  await expect(dishRow(page, 'Arroz con leche').getByTestId('dish-row-meals')).toHaveText('Desayuno · Merienda');
  // Configuración › Comidas: Media mañana and Cena switched off; a dish saved for lunch and dinner.
  const { slots } = await apiCall<MealSlotsResponse>(page, 'GET', '/meal-slots');
  await apiCall(page, 'PUT', '/meal-slots', { slots: slots.map((s) => ({ slot: s.slot, name: null, enabled: s.slot !== 2 && s.slot !== 6 })) });
  // A new dish starts with the default meals she uses: Almuerzo ticked; Cena neither ticked nor offered.
  await page.goto('/nueva-comida');
  const meals = page.getByTestId('dish-meals');
  await expect(meals.getByRole('checkbox')).toHaveCount(4);
  await expect(meals.getByRole('checkbox', { name: /Cena/ })).toHaveCount(0);
  await expect(meals.getByRole('checkbox', { name: 'Almuerzo', exact: true })).toBeChecked();
  await expect(meals.getByRole('checkbox', { checked: true })).toHaveCount(1);
  const stew = await apiCall<Dish>(page, 'POST', '/dishes', { name: 'Guiso de lentejas', meals: [3, 6] });
  await page.goto(`/editar-comida/${encodeURIComponent(stew.id)}`);
  await expect(meals.getByRole('checkbox', { name: 'Almuerzo', exact: true })).toBeChecked();
  // Media mañana is not offered; Cena, which the dish has, stays ticked and says it is not in use.
  await expect(meals.getByRole('checkbox')).toHaveCount(5);
  await expect(meals.getByRole('checkbox', { name: /Media mañana/ })).toHaveCount(0);
  const dinner = meals.getByRole('checkbox', { name: 'Cena (sin usar en tus planes)', exact: true });
  await expect(dinner).toBeChecked();
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-41-dish-meals-unused-1366-light.png` });
  // Unticked, it stays in the list while she edits; saved without it, the form no longer offers it.
  await dinner.uncheck();
  await expect(dinner).not.toBeChecked();
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page.getByTestId('dish-meals')).toHaveText('Va en: Almuerzo');
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(meals.getByRole('checkbox', { name: 'Almuerzo', exact: true })).toBeChecked();
  await expect(meals.getByRole('checkbox')).toHaveCount(4);
  await expect(meals.getByRole('checkbox', { name: /Cena/ })).toHaveCount(0);
  // A phone, dark: the same form with a switched-off meal the dish has, within the screen.
  await page.goto(`/editar-comida/${encodeURIComponent((await apiCall<Dish>(page, 'POST', '/dishes', { name: 'Guiso de lentejas', meals: [3, 6] })).id)}`);
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(dinner).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-42-dish-meals-unused-390-dark.png` });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-43-dish-meals-unused-1366-dark.png` });
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(dinner).toBeChecked();
  await meals.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screensDir}/foods-44-dish-meals-unused-390-light.png` });
});

const isDishRead = (r: Response) => /\/api\/v1\/dishes\/[^/?]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET' && r.ok();

test('copy an example dish, duplicate it, add a photo and include a dish in another', async ({ page }) => {
  await register(page);
  await page.goto('/platos');
  await page.getByRole('tab', { name: 'Ejemplos' }).click();
  await expect(page).toHaveURL(/origen=ejemplos/);
  const rows = page.getByTestId('dishes-table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first().getByText('Ejemplo')).toBeVisible();
  await screenshot(page, 'foods-16-dish-examples');
  await expectAccessible(page);

  // The example is read-only: copy it into my dishes.
  const exampleLoaded = page.waitForResponse(isDishRead);
  await page.getByRole('link', { name: 'Milanesas de carne' }).click();
  const example = (await (await exampleLoaded).json()) as Dish;
  expect(example.id).toBe('example:milanesas-de-carne');
  await expect(page.getByTestId('dish-example-badge')).toBeVisible();
  await expect(page.getByTestId('dish-preparation')).toContainText('pan rallado');
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expect(cell(page, 'dish-nutrients', 'energyKcal', 'total')).toHaveText(kcal(example.totals.nutrients.energyKcal!));
  await screenshot(page, 'foods-17-dish-example-detail');
  await expectAccessible(page);
  const copied = page.waitForResponse((r) => r.url().endsWith('/copy') && r.status() === 201);
  await page.getByRole('button', { name: 'Copiar a mis platos' }).click();
  const copy = (await (await copied).json()) as Dish;
  await expect(page).toHaveURL(new RegExp(`/detalle-comida/${copy.id}$`));
  await expect(page.getByTestId('dish-name')).toHaveText('Milanesas de carne');
  await expect(page.getByTestId('dish-example-badge')).toHaveCount(0);
  await expect(cell(page, 'dish-nutrients', 'energyKcal', 'total')).toHaveText(kcal(example.totals.nutrients.energyKcal!));

  // Duplicate my copy, then give the duplicate a photo (re-encoded by the server, shown in detail and list).
  // The toast of the copy sits over the header buttons (and stays while the pointer rests on it): use the keyboard.
  await page.getByRole('button', { name: 'Duplicar' }).press('Enter');
  await expect(page.getByTestId('dish-name')).toHaveText('Milanesas de carne (copia)');
  const duplicateUrl = page.url();
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#c98b4a' } }).png().toBuffer();
  // The access token lives 4 s here: a first PUT may answer 401 and be retried after the refresh.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.request().method() === 'PUT' && r.status() !== 401);
  await page.locator('input[type="file"]').setInputFiles({ name: 'milanesa.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByTestId('dish-photo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar foto' })).toBeVisible();
  await screenshot(page, 'foods-18-dish-photo');
  await expectAccessible(page);
  await page.goto('/platos');
  await expect(page.getByTestId('dishes-table').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('dish-thumb')).toHaveCount(1);
  await screenshot(page, 'foods-19-dishes-own');

  // Include the first copy in the duplicate: the editor's live totals add one serving of it.
  await page.goto(duplicateUrl.replace('/detalle-comida/', '/editar-comida/'));
  await expect(page.getByTestId('ingredient-line')).toHaveCount(example.ingredients.length);
  await expect(cell(page, 'editor-nutrients', 'energyKcal', 'total')).toHaveText(kcal(copy.totals.nutrients.energyKcal!));
  await page.getByLabel('Agregar uno de mis platos').click();
  await page.getByRole('option', { name: 'Milanesas de carne', exact: true }).click();
  await expect(page.getByTestId('nested-dish-line')).toHaveCount(1);
  const withOneServing = copy.totals.nutrients.energyKcal! + copy.perServing.nutrients.energyKcal!;
  await expect(cell(page, 'editor-nutrients', 'energyKcal', 'total')).toHaveText(kcal(withOneServing));
  // The same food twice stays two lines: add the oil again.
  // Not a whole-word match of the food's first word ("Aceite de girasol…"): nothing is highlighted, so
  // Enter waits for the nutritionist to choose with the arrow keys.
  await page.getByLabel('Buscar ingrediente').fill('girasol linoleico menos');
  const oil = page.getByTestId('ingredient-results').getByRole('option').first();
  await expect(oil).toHaveAttribute('aria-selected', 'false');
  await page.getByLabel('Buscar ingrediente').press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(example.ingredients.length);
  await page.getByLabel('Buscar ingrediente').press('ArrowDown');
  await expect(oil).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Buscar ingrediente').press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(example.ingredients.length + 1);
  await screenshot(page, 'foods-20-dish-editor-nested');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page).toHaveURL(duplicateUrl);
  await expect(page.getByTestId('dish-ingredients').locator('tbody tr')).toHaveCount(example.ingredients.length + 2);
});

// Everyday Argentine names first, the food detail in Spanish, and both screens light and dark on a laptop
// and a phone: three tests, each with its own account, so none runs near the minute with two workers.
test('everyday Argentine names come first in the food search', async ({ page }) => {
  await register(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/alimentos');
  // The food the nutritionist means, first: not "Papada de cerdo", not onion powder, not a 14 kcal gourd.
  for (const [query, first] of [
    ['papa', 'Papa, con cáscara, cruda'],
    ['papas', 'Papa, con cáscara, cruda'],
    ['cebolla', 'Cebolla, cruda'],
    ['calabaza', 'Zapallo anco (calabaza), crudo'],
    ['zapallo', 'Zapallo criollo, crudo'],
    ['yerba', 'Mate cebado (infusión de yerba mate)'],
    ['queso rallado', 'Queso rallado (tipo parmesano)'],
    ['queso por salut', 'Queso por salut'],
    ['dulce de leche', 'Dulce de leche'],
    ['milanesa', 'Milanesa de carne, frita'],
  ] as const) {
    await searchFoods(page, query, first);
  }
  await searchFoods(page, 'papa', 'Papa, con cáscara, cruda');
  await expect(page.getByTestId('foods-table').getByRole('link').filter({ hasText: /^Papada/ })).toHaveCount(0);
  await screenshot(page, 'foods-21-search-papa-1366');
  await expectAccessible(page);
});

test('the food detail speaks Spanish: the avocado without its English-only measure, the empanada lid with its recipe', async ({ page }) => {
  await register(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  // The avocado of SR24 itself: its "1 avocado, NS as to Florida or California" cannot be said in
  // Spanish, so it is left out; the other three measures read in Spanish.
  const detail = page.waitForResponse(isFoodDetail);
  await page.goto('/detalle-alimento?id=usda%3A09037');
  const avocado = (await (await detail).json()) as FoodDetail;
  expect(avocado.measures).toHaveLength(4);
  const measures = page.getByTestId('food-measures').getByRole('listitem');
  await expect(measures).toHaveText(['1 taza, en cubos (150,0 g)', '1 taza, en puré (230,0 g)', '1 taza, en rodajas (146,0 g)']);
  for (const text of await measures.allTextContents()) expect(englishWordsIn(text), text).toEqual([]);
  await page.getByLabel('Unidad', { exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(4);
  await page.keyboard.press('Escape');

  // An Argentine-layer food: the everyday measure of its recipe and where its values come from.
  await page.goto('/detalle-alimento?id=ar%3Atapa-de-empanada');
  await expect(page.getByTestId('food-name')).toHaveText('Tapa de empanada, cruda');
  await expect(page.getByTestId('food-provenance')).toContainText('Receta estándar de Almendra');
  await expect(page.getByTestId('food-measures').getByRole('listitem')).toHaveText([/^1 unidad \(41,4 g\)$/]);
  await screenshot(page, 'foods-22-detail-tapa-1366-light');
  await expectAccessible(page);
});

test('the food detail and the search in dark and light, on a laptop and a phone', async ({ page }) => {
  await register(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/detalle-alimento?id=ar%3Atapa-de-empanada');
  await expect(page.getByTestId('food-name')).toHaveText('Tapa de empanada, cruda');

  // Dark theme, then a phone: the same screens stay readable (axe checks contrast).
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await screenshot(page, 'foods-23-detail-tapa-1366-dark');
  await expectAccessible(page);
  await page.goto('/alimentos');
  await searchFoods(page, 'calabaza', 'Zapallo anco (calabaza), crudo');
  await screenshot(page, 'foods-24-search-calabaza-1366-dark');
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await searchFoods(page, 'cebolla', 'Cebolla, cruda');
  // A phone lists each food as a card (name, group, energy, star): nothing scrolls sideways.
  await expectPhoneFoodCards(page, 'Cebolla, cruda');
  await screenshot(page, 'foods-25-search-cebolla-390-dark');
  await expectAccessible(page);
  await page.goto('/detalle-alimento?id=usda%3A09037');
  await expect(page.getByTestId('food-measures').getByRole('listitem')).toHaveCount(3);
  await screenshot(page, 'foods-26-detail-palta-390-dark');
  await expectAccessible(page);
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Claro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await screenshot(page, 'foods-27-detail-palta-390-light');
  await expectAccessible(page);
  await page.goto('/alimentos');
  await expectPhoneFoodCards(page);
  await page.screenshot({ path: `${screensDir}/foods-33-list-390-light.png` });
  await searchFoods(page, 'yerba', 'Mate cebado (infusión de yerba mate)');
  await expectPhoneFoodCards(page, 'Mate cebado (infusión de yerba mate)');
  await screenshot(page, 'foods-28-search-yerba-390-light');
  await expectAccessible(page);
});

test('the dish editor adds with Enter only the highlighted result', async ({ page }) => {
  await register(page);
  await page.goto('/nueva-comida');
  const search = page.getByLabel('Buscar ingrediente');
  const options = page.getByTestId('ingredient-results').getByRole('option');
  // 'pap' is half a word: "Papa…" and "Papada…" both start with it; nothing is chosen, Enter adds nothing.
  await search.fill('pap');
  await expect(options.first()).toBeVisible();
  await expect(page.getByTestId('ingredient-results').locator('[aria-selected="true"]')).toHaveCount(0);
  await search.press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(0);
  // The whole word: the potato is first and highlighted; Enter adds it.
  await search.fill('papa');
  await expect(options.first()).toHaveText(/^\s*Papa, con cáscara, cruda/);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(1);
  await expect(page.getByTestId('ingredient-line')).toContainText('Papa, con cáscara, cruda');
  // Arrow keys choose another result: the second one is added, not the first.
  await search.fill('cebolla');
  await expect(options.first()).toHaveText(/^\s*Cebolla, cruda/);
  const second = (await options.nth(1).textContent())!.replace(/\d.*$/, '').trim();
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByTestId('ingredient-line')).toHaveCount(2);
  await expect(page.getByTestId('ingredient-line').nth(1)).toContainText(second);
  await screenshot(page, 'foods-29-dish-editor-highlight');
  await expectAccessible(page);
});

/** The platform admin of ADMIN_EMAILS: registered here, or by the foundation spec earlier in the same run. */
async function signInAsAdmin(page: Page) {
  const admin = { ...newAccount('admin'), email: 'operadora-alimentos@e2e.test', firstName: 'Olga', lastName: 'Operadora' };
  await page.goto('/comenzar');
  await page.getByLabel('Nombre', { exact: true }).fill(admin.firstName);
  await page.getByLabel('Apellido', { exact: true }).fill(admin.lastName);
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirmar contraseña').fill(admin.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const taken = page.getByText('Ya existe una cuenta con ese correo electrónico.');
  await expect(page.getByRole('heading', { name: /Olga|Valeria/ }).or(taken).first()).toBeVisible();
  if (await taken.isVisible()) {
    await page.goto('/login');
    await login(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/inicio$/);
  }
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test('request foods, approve one and reject the other as admin', async ({ page }) => {
  const nutritionist = await register(page);
  await page.goto('/nuevo-request');
  await expect(page.getByRole('heading', { name: 'Solicitar alimento' })).toBeVisible();
  await expect(page.getByText('Todavía no enviaste solicitudes.')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Yerba mate compuesta Serranita');
  await page.getByLabel('Marca').fill('Serranita');
  await page.getByLabel('Energía').fill('290');
  await page.getByLabel('Hidratos de carbono (por diferencia)').fill('55,3');
  await page.getByTestId('photo-dropzone').locator('input[type="file"]').setInputFiles({ name: 'etiqueta.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Foto elegida: etiqueta.png')).toBeVisible();
  await screenshot(page, 'foods-11-request-form');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Solicitud enviada')).toBeVisible();
  const mine = page.getByTestId('my-requests');
  await expect(mine.getByRole('row', { name: /Yerba mate compuesta Serranita/ })).toContainText('Pendiente');

  await page.getByLabel('Nombre', { exact: true }).fill('Alfajor de prueba rechazable');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(mine.getByRole('row', { name: /Alfajor de prueba rechazable/ })).toContainText('Pendiente');
  await screenshot(page, 'foods-12-my-requests');
  await logout(page);

  await signInAsAdmin(page);
  await page.goto('/admin?tab=alimentos');
  await expect(page.getByRole('heading', { name: 'Solicitudes de alimentos' })).toBeVisible();
  const yerba = page.getByTestId('admin-food-request').filter({ hasText: 'Yerba mate compuesta Serranita' });
  await expect(yerba).toContainText(nutritionist.email);
  await expect(yerba.getByRole('img', { name: 'Foto de la etiqueta' })).toBeVisible();
  await screenshot(page, 'foods-13-admin-requests');
  await expectAccessible(page);
  await yerba.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Solicitud aprobada')).toBeVisible();
  await expect(yerba).toHaveCount(0);
  const alfajor = page.getByTestId('admin-food-request').filter({ hasText: 'Alfajor de prueba rechazable' });
  await alfajor.getByRole('button', { name: 'Rechazar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(page.getByText('Escribí el motivo del rechazo.')).toBeVisible();
  await page.getByRole('dialog').getByLabel('Motivo').fill('Falta la tabla nutricional completa.');
  await screenshot(page, 'foods-14-admin-reject');
  await page.getByRole('dialog').getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(page.getByText('Solicitud rechazada')).toBeVisible();
  await expect(alfajor).toHaveCount(0);
  await logout(page);

  await login(page, nutritionist.email, nutritionist.password);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto('/nuevo-request');
  await expect(mine.getByRole('row', { name: /Yerba mate compuesta Serranita/ })).toContainText('Aprobada');
  const rejected = mine.getByRole('row', { name: /Alfajor de prueba rechazable/ });
  await expect(rejected).toContainText('Rechazada');
  await expect(rejected).toContainText('Falta la tabla nutricional completa.');
  await screenshot(page, 'foods-15-requests-reviewed');

  // The approved food is in the database for everyone, found by search.
  await page.goto('/alimentos');
  await searchFoods(page, 'yerba serranita', 'Yerba mate compuesta Serranita');
});

test('food options show the catalogue stored in this browser', async ({ page }) => {
  await register(page);
  await page.goto('/option-food');
  await expect(page.getByRole('heading', { name: 'Opciones de alimentos' })).toBeVisible();
  const status = page.getByTestId('catalog-status');
  await expect(status).toContainText('Argentina');
  await expect(status).toContainText('Descargada del servidor');
  // A second check revalidates with the stored hash and the server answers 304.
  const revalidated = page.waitForResponse((r) => r.url().includes('/api/v1/foods/catalog') && r.status() === 304);
  await page.getByRole('button', { name: 'Comprobar actualizaciones' }).click();
  await revalidated;
  await expect(status).toContainText('Copia guardada al día');
  await screenshot(page, 'foods-16-options');
  await expectAccessible(page);
});
