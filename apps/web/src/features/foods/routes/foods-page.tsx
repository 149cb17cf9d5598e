// /alimentos. One module per screen, so the catalogue does not load the food form's and detail's code.
import { FoodsList } from '../components/foods-list';

export const FoodsPage = () => <FoodsList />;
