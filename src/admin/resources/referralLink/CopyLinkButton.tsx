import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';
import { inviteUrl } from './inviteUrl';

/** Copies the link's invitation address and says "Copy successfully". */
export const CopyLinkButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  if (!record?.code) return null;
  const copy = async () => {
    const text = inviteUrl(String(record.code));
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard permission (plain http): the selection-based fallback.
      const area = Object.assign(document.createElement('textarea'), { value: text });
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    notify('app.message.copySuccess', { type: 'success' });
  };
  return (
    <Button label="app.referral.copyLink" onClick={() => void copy()}>
      <ContentCopyIcon />
    </Button>
  );
};
