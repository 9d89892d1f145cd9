export * from './categories';
export * from './product';
export * from './money';
export * from './pricing';
export * from './orders';
export * from './custom-design';
export * from './validation';
export * from './search';
