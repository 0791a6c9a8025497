import { USER_IMPORT_FIELDS, USER_IMPORT_REQUIRED } from '@bo/contract/users-transfer';
import { USER_TRANSFER_API } from '@bo/contract/users-transfer-paths';
import { useTranslation } from 'react-i18next';

import { ImportDialog } from '../../components/import-dialog/import-dialog';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

/** The people list's import (loaded when it is opened): the shared dialog on the people's calls. */
export function UserImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <ImportDialog
      target={{
        kind: 'people',
        paths: USER_TRANSFER_API,
        fields: USER_IMPORT_FIELDS,
        required: USER_IMPORT_REQUIRED,
        fieldLabel: (field) => t(`users.fields.${field}`, { defaultValue: field }),
      }}
      onClose={onClose}
      onImported={() => dispatch(api.util.invalidateTags(['User']))}
    />
  );
}
