import type { ComponentType } from 'react';

/** What a generated (or hand-written) resource folder exports: the props of react-admin's <Resource>. */
export interface ResourceModule {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** Field shown when a record of this resource is referenced, or the text to show (a translated seed value). */
  recordRepresentation?: string | ((record: Record<string, unknown>) => string);
  options?: { label: string };
}
