// Dishes feature routes: /platos, /detalle-comida/:id, /nueva-comida and /editar-comida/:id (one
// editor screen for both).
import { DishDetailView } from '../components/dish-detail';
import { DishEditorView } from '../components/dish-editor';
import { DishList } from '../components/dish-list';

export const DishesPage = () => <DishList />;
export const DishDetailPage = () => <DishDetailView />;
export const DishEditorPage = ({ mode = 'new' }: { mode?: 'new' | 'edit' }) => <DishEditorView mode={mode} />;
