import { randomBytes } from 'node:crypto';
import { MEMBER_PRIVATE_SECTIONS } from '@vt/db';
import type { ErrorCode } from '@vt/rules';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/image-check';
import type { MediaStore } from '../../media-store/media-store';
import type { Clock } from '../shared/clock';
import { maxLength } from '../shared/field-rules';
import type { PublicCaches } from '../shared/public-caches';
import type { MembersRepository, ProfileFields } from './members.repository';

/** Free-text profile fields and their longest value. */
const TEXT_FIELDS = { education: 100, city: 100, occupation: 100, interests: 500, about: 1000 } as const;
/** Coded fields and their spec §3 option count. */
const CODED_FIELDS = { gender: 3, relationship: 3, orientation: 5 } as const;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The smallest source each image may come from (spec §5: image uploads at least 1250×250 for covers). */
const IMAGE_RULES = {
  avatar: { minWidth: 100, minHeight: 100, width: 256, height: 256 },
  cover: { minWidth: 1250, minHeight: 250, width: 1250, height: 250 },
} as const;
export type ProfileImage = keyof typeof IMAGE_RULES;

type CodedField = keyof typeof CODED_FIELDS | 'country' | 'birth_date' | 'private_sections';
const invalid = (field: CodedField | 'website', code: ErrorCode = `bad_${field as CodedField}`) =>
  new AppError(code, { field });

/** A member editing their own profile: fields, privacy, avatar and cover. */
export function createProfileEditService({
  members,
  clock,
  media,
  caches,
}: {
  members: MembersRepository;
  clock: Clock;
  /** Where members' images are written: the media directory, or the bucket (S3 mode). */
  media: MediaStore;
  caches: PublicCaches;
}) {
  return {
    /** Every profile field of spec §3; empty clears a field. Nothing is saved unless all are valid. */
    async update(me: number, form: Record<string, string | undefined>): Promise<{ code: string }> {
      const values: ProfileFields = {};
      for (const [field, max] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, number][]) {
        if (form[field] === undefined) continue;
        const v = form[field]!.trim();
        if (v.length > max) throw maxLength(field, max);
        values[field] = v || null;
      }
      for (const [field, count] of Object.entries(CODED_FIELDS) as [keyof typeof CODED_FIELDS, number][]) {
        if (form[field] === undefined) continue;
        const v = form[field]!;
        if (v === '') values[field] = null;
        else if (/^[1-9]$/.test(v) && Number(v) <= count) values[field] = Number(v);
        else throw invalid(field);
      }
      if (form.country !== undefined) {
        const v = form.country.trim().toLowerCase();
        if (v && !/^[a-z]{2}$/.test(v)) throw invalid('country');
        values.country = v || null;
      }
      if (form.website !== undefined) {
        const v = form.website.trim();
        if (v.length > 200) throw maxLength('website', 200);
        if (v && !/^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/.test(v)) throw invalid('website', 'invalid_url');
        values.website = v || null;
      }
      if (form.birth_date !== undefined) {
        const v = form.birth_date.trim();
        if (v) {
          const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
          const date = m ? new Date(`${v}T00:00:00Z`) : null;
          if (!m || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v)
            throw invalid('birth_date');
          const today = new Date(clock.now() * 1000);
          const adult = new Date(
            Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()),
          );
          // Everyone here is an adult; a birth date saying otherwise is refused.
          if (date > adult || date.getUTCFullYear() < 1900) throw invalid('birth_date', 'bad_birth_date');
        }
        values.birth_date = v || null;
      }
      await members.updateProfile(me, values);
      return { code: 'profile_changed' };
    },

    /** Which sections only the member sees, from MEMBER_PRIVATE_SECTIONS. */
    async setPrivacy(me: number, sections: string[]): Promise<{ code: string }> {
      for (const s of sections)
        if (!(MEMBER_PRIVATE_SECTIONS as readonly string[]).includes(s)) throw invalid('private_sections');
      await members.setPrivateSections(me, [...new Set(sections)].join(','));
      // A section made private must not stay readable from cached public answers.
      await caches.purge();
      return { code: 'profile_changed' };
    },

    /**
     * Re-encodes an uploaded avatar or cover with sharp: checks the size, crops to shape, and writes a
     * fresh JPEG without any of the source's metadata (EXIF, GPS).
     */
    async setImage(
      me: number,
      kind: ProfileImage,
      bytes: Uint8Array,
    ): Promise<{ code: string; url: string }> {
      const rule = IMAGE_RULES[kind];
      await checkImage(bytes, {
        field: kind,
        maxBytes: IMAGE_MAX_BYTES,
        maxLabel: '10 MB',
        minWidth: rule.minWidth,
        minHeight: rule.minHeight,
        formats: ['jpeg', 'png', 'webp', 'gif'],
      });
      const rel = `members/${me}/${kind}-${randomBytes(6).toString('hex')}.jpg`;
      const jpeg = await sharp(bytes)
        .rotate() // applies the EXIF orientation before the metadata is dropped
        .resize(rule.width, rule.height, { fit: 'cover' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
      // The media directory, or the bucket (S3 mode): any node serves it at /thumbs/.
      await media.putBytes(rel, jpeg, { contentType: 'image/jpeg' });
      const url = `/thumbs/${rel}`;
      const previous = await members.replaceImage(me, kind, url);
      if (previous?.startsWith('/thumbs/members/')) {
        try {
          await media.deleteObject(previous.slice('/thumbs/'.length));
        } catch {
          // Already gone, or not a key of ours: nothing to clean.
        }
      }
      return { code: 'profile_changed', url };
    },
  };
}

export type ProfileEditService = ReturnType<typeof createProfileEditService>;
