import { BulkUpdateButton, useCanAccess, useResourceContext, useTranslate } from 'react-admin';
import { rawAction } from '../providers/actionCall';
import { enumKey } from './enumChoices';
import { batchPath } from './schema';
import { mutationModeOf } from './undoable';

/**
 * For each batch-settable 0/1 field: "Shown: Yes" / "Shown: No" on the selected rows (one upstream batch call), done
 * at once with Undo offered, or after a confirmation when the schema's `x-admin.confirm` names the field.
 */
export const BulkSwitchButtons = ({ sources }: { sources: string[] }) => (
  <>
    {sources.map((source) => (
      <BulkSwitch key={source} source={source} />
    ))}
  </>
);

const BulkSwitch = ({ source }: { source: string }) => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: rawAction('POST', batchPath(resource, source)) });
  if (canAccess !== true) return null;
  const field = translate(`resources.${resource}.fields.${source}`);
  return (
    <>
      {[1, 0].map((value) => (
        <BulkUpdateButton
          key={value}
          data={{ [source]: value }}
          mutationMode={mutationModeOf(resource, source)}
          label={translate('app.list.bulkSet', {
            field,
            value: translate(enumKey(resource, source, value), { _: String(value) }),
          })}
          successMessage="app.message.updateSuccess"
        />
      ))}
    </>
  );
};
