export class ClearInventoryCommand {}
