// A soft click when a disc is placed (only when "Ton" is switched on).
/** @type {AudioContext | null} */
let context = null;

export function click() {
  try {
    context ??= new AudioContext();
    const audio = context;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 520;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.08);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.09);
  } catch {
    // no audio here: the game goes on silently
  }
}
