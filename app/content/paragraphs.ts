export const paragraphs = (text: string) => text.split(/\n+/).filter((p) => p.trim());
