// The gallery of an article in its form: retitle, remove, reorder (drag, keyboard, buttons), and set each
// picture's focal point and scale; new pictures come through add-images.tsx.
import type { Article } from '#schema/entities';
import Picture from '#web/components/picture';
import { FocalPointPicker } from '#web/components/workspace/focal-point';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { AddImages } from './add-images';
import { MediaListSection } from './media-section';

export function GallerySection({ article, queue }: { article: Article; queue: UploadQueue }) {
  return (
    <MediaListSection
      article={article}
      kind="gallery"
      preview={(image) => <Picture src={image.href} alt="" width={120} height={90} />}
      editor={(image, { name }) => <FocalPointPicker href={image.href} name={name} />}
    >
      <AddImages article={article} queue={queue} />
    </MediaListSection>
  );
}
