// ui:widget mapImage (item 5.3): the map image as a data URL. 'กำหนดภาพแผนที่' opens the map in
// screenshot mode (SPEC.md §2); 'ลบภาพ' removes the image.
import type { WidgetProps } from '@rjsf/utils';
import { useProposalUi } from '../context.ts';
import { t } from '../strings.ts';

export function MapImageWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { openMap } = useProposalUi();
  const image = typeof value === 'string' && value.startsWith('data:image/') ? value : null;
  return (
    <div className="proposal-image" id={id}>
      {image ? (
        <img src={image} alt={t.imageAlt} className="proposal-image-preview" data-testid="map-image" />
      ) : (
        <p className="muted proposal-image-empty">{t.noImage}</p>
      )}
      <div className="proposal-image-actions">
        <button type="button" onClick={() => openMap('screenshot')} disabled={disabled || readonly}>
          {t.screenshotOpen}
        </button>
        {image && (
          <button type="button" onClick={() => onChange(undefined)} disabled={disabled || readonly}>
            {t.removeImage}
          </button>
        )}
      </div>
    </div>
  );
}
