// The canvas binding (@napi-rs/canvas, Skia), loaded on the first drawing: a server start reaches
// every drawing module through its routes but draws nothing (issue 29; loader/lazyPackage.ts).
import { lazyPackage } from '../../../loader/lazyPackage.ts';

export const canvasPackage = lazyPackage<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');
