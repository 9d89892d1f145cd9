import { ClearInventoryHandler } from './clear-inventory.handler';
import { CreateProductHandler } from './create-product.handler';
import { DeleteProductHandler } from './delete-product.handler';
import { EditProductHandler } from './edit-product.handler';

export const COMMAND_HANDLERS = [ClearInventoryHandler, CreateProductHandler, DeleteProductHandler, EditProductHandler];
