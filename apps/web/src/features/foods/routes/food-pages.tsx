// Foods feature routes: /alimentos, /nuevo-alimento, /nuevo-request, /option-food, /detalle-alimento.
import { FoodDetailView } from '../components/food-detail';
import { FoodFormView } from '../components/food-form';
import { FoodOptionsView } from '../components/food-options';
import { FoodRequestView } from '../components/food-request';
import { FoodsList } from '../components/foods-list';

export const FoodsPage = () => <FoodsList />;
export const NewFoodPage = () => <FoodFormView />;
export const FoodRequestPage = () => <FoodRequestView />;
export const FoodOptionsPage = () => <FoodOptionsView />;
export const FoodDetailPage = () => <FoodDetailView />;
