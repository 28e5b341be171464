export interface RoleRow {
  id: number;
  name: string;
  description?: string;
  status?: number;
}
