// Public surface of the foods feature for other features (the plans food picker).
export { useFoodCatalog, useOwnFoodCatalog, searchCatalog, loadCatalog, setCatalog, setOwnCatalog, type LoadedCatalog } from './catalog-cache';
export { NutrientTable, type NutrientColumn } from './components/nutrient-table';
export { filterDecimalInput, formatAmount, formatNumber, measureLabel, measureName, parseDecimal, isMeasureVisible, visibleMeasures } from './components/format';
export { foodDetailQuery } from './api/foods-api';
export { authorizedFetch } from './api/foods-api';
export { FavouriteStar, favouritesQuery, useFavourites, type FavouriteKind } from './components/favourite-star';
export { CardList, ListCard } from './components/list-cards';
export { HiddenHeader, MacroHeaders } from './components/table-headers';
