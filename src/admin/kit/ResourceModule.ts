import type { ResourceProps } from 'react-admin';

/** What a generated or hand-written resource folder exports: react-admin's <Resource> props without the name. */
export type ResourceModule = Omit<ResourceProps, 'name'>;
