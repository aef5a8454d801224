/**
 * Simplified → traditional for the characters that differ most often in Taiwanese and mainland names and company
 * names (surnames first, then common given-name and business characters). A small table instead of the opencc
 * dictionaries (megabytes) because the contract is also loaded by the web: it folds 陈 and 陳 to one key, it does not
 * translate text. Pairs: simplified then traditional.
 */
const pairs =
  '陈陳张張刘劉黄黃吴吳赵趙周周孙孫马馬胡胡郑鄭谢謝郭郭罗羅梁梁宋宋韩韓冯馮邓鄧许許萧蕭曹曹彭彭曾曾萧蕭蔡蔡潘潘' +
  '杜杜苏蘇叶葉吕呂魏魏卢盧沈沈钟鍾汪汪邱邱贺賀钱錢严嚴顾顧侯侯龚龔邵邵万萬赖賴龙龍杨楊阳陽欧歐阎閻陆陸' +
  '纪紀庄莊汤湯温溫简簡游游尤尤凤鳳华華卫衛蒋蔣韦韋贾賈齐齊乔喬邝鄺区區丘丘骆駱农農滕滕宁寧' +
  '伟偉国國东東丽麗红紅军軍兴興荣榮辉輝杰傑俊俊龙龍凤鳳玲玲静靜婷婷颖穎怡怡慧慧琳琳钰鈺莹瑩' +
  '宝寶贤賢义義礼禮仪儀亿億铭銘锋鋒鸿鴻鹏鵬飞飛刚剛强強庆慶发發财財贵貴进進远遠达達宾賓连連' +
  '书書学學文文爱愛乐樂云雲凯凱晓曉岚嵐霞霞莲蓮兰蘭艳豔凤鳳丰豐峰峰岭嶺涛濤浩浩洁潔淑淑' +
  '电電业業实實际際贸貿易易开開发發技技术術设設计計网網络絡资資讯訊药藥厂廠机機汽汽车車运運输輸' +
  '银銀行行险險证證团團货貨销銷饰飾务務会會园園广廣场場厅廳楼樓门門动動产產气氣纺紡织織' +
  '积積体體制製个個们們对對时時后後说說听聽见見应應当當' +
  '台臺湾灣';

const toTraditional = new Map<string, string>();
for (let i = 0; i + 1 < pairs.length; i += 2) {
  const simplified = pairs[i]!;
  const traditional = pairs[i + 1]!;
  if (simplified !== traditional) toTraditional.set(simplified, traditional);
}
// 台 and 臺 are both traditional; Taiwan writes either, so both fold to 台 (as the registry's 臺北/台北 do).
toTraditional.set('臺', '台');
toTraditional.delete('台');

/** Each character in its traditional (for 台/臺: 台) form when the table knows it; others unchanged. */
export function foldHanVariants(value: string): string {
  let out = '';
  for (const char of value) out += toTraditional.get(char) ?? char;
  return out;
}
