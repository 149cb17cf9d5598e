// Foods feature routes: /nuevo-alimento, /nuevo-request, /option-food, /detalle-alimento (/alimentos: foods-page.tsx).
import { FoodDetailView } from '../components/food-detail';
import { FoodFormView } from '../components/food-form';
import { FoodOptionsView } from '../components/food-options';
import { FoodRequestView } from '../components/food-request';

export const NewFoodPage = () => <FoodFormView />;
export const FoodRequestPage = () => <FoodRequestView />;
export const FoodOptionsPage = () => <FoodOptionsView />;
export const FoodDetailPage = () => <FoodDetailView />;
