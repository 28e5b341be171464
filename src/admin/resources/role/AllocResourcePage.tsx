import { useTranslate } from 'react-admin';
import { resourceSource } from './allocSources';
import { AllocPage } from './AllocPage';

/** /ums/allocResource?roleId=: resources grouped by category, with check boxes. */
export const AllocResourcePage = () => <AllocPage kind="resource" source={resourceSource(useTranslate())} wrapLeaves />;
