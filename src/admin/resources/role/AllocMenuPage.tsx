import { useTranslate } from 'react-admin';
import { menuSource } from './allocSources';
import { AllocPage } from './AllocPage';

/** /ums/allocMenu?roleId=: the menu tree with check boxes. */
export const AllocMenuPage = () => <AllocPage kind="menu" source={menuSource(useTranslate())} />;
