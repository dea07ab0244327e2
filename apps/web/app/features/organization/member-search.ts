// Finding members by what people remember of them: part of the name, the e-mail or the job title.
import type { Member } from './organization-model';

/** Members whose name, e-mail or job title holds every word of `query`, case and accents ignored. */
export function searchMembers(members: Member[], query: string): Member[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return members;
  return members.filter((member) => {
    const haystack = fold([member.full_name, member.email, member.job_title].filter(Boolean).join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
